import "server-only";
import { parseEnv, type Env } from "./env-schema";

export type { Env };

let cached: Env | undefined;

/** The validated configuration. Parsed once per process; a bad value throws a message naming the variable. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
