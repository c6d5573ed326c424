import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id through @node-rs/argon2: a maintained binding with prebuilt binaries on npm,
 * so nothing compiles on install. Parameters follow OWASP's minimum for Argon2id
 * (19 MiB, 2 passes, 1 lane).
 */
const ARGON2ID = 2; // Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.

export { MIN_PASSWORD_LENGTH } from "./password-rules";

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a crash of the sign-in page.
    return false;
  }
}
