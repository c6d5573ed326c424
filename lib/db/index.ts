import "server-only";
import { env } from "@/lib/env";
import { connect } from "./connection";
import type { Db } from "./open";

export type { Db };

/** The journal database of this process. */
export function db(): Promise<Db> {
  return connect(env());
}
