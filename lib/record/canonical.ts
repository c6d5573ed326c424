import { createHash } from "node:crypto";

/**
 * Canonical JSON for what Kassa itself writes and signs (a checkpoint's body) and compares
 * (row states): every object's keys sorted (by UTF-16 code units, as JavaScript sorts them),
 * no spaces. An audit event's canonical text is the database's (audit-rows.ts). Pure: no
 * I/O (the hash is node:crypto's).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return "null";
  return JSON.stringify(value);
}

/** The previous hash of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** An entry's hash: SHA-256 over the previous entry's hash (its 32 bytes) and the canonical text. */
export function entryHash(prevHash: string, canonical: string): string {
  return createHash("sha256")
    .update(Buffer.from(prevHash, "hex"))
    .update(canonical, "utf8")
    .digest("hex");
}
