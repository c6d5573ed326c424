import type { KeyObject } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { canonicalJson } from "./canonical";
import { textSignatureHolds } from "./keys";

/**
 * A signed checkpoint: the chain's head (sequence number and hash) when a Z report or a
 * South African business day closes, with the cumulative totals per kind and method at
 * that entry. Kept in the journal and, more importantly, outside it (KASSA_CHECKPOINT_DIR, a
 * URL, the Z slip), so that a journal cut short or put back to an older copy is caught: the
 * chain must still hold that hash at that sequence number. Pure apart from node:crypto.
 */
const totalsSchema = z.record(z.string(), z.object({ count: z.number(), cents: z.number() }));

export const checkpointSchema = z.object({
  v: z.literal(1),
  kind: z.enum(["z", "day"]),
  /** The Z number, or the day YYYY-MM-DD. */
  label: z.string(),
  seq: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** When it was made (UTC, the database's clock). */
  at: z.string(),
  totals: totalsSchema,
  /** The public key that signed it (base64). */
  publicKey: z.string(),
  shiftId: z.string().nullable().optional(),
});
export type CheckpointFields = z.infer<typeof checkpointSchema>;

/** The signed text: the checkpoint's canonical JSON. */
export function checkpointBody(fields: CheckpointFields): string {
  return canonicalJson(fields);
}

/** A checkpoint as a file holds it: its fields and the signature over its canonical body. */
export type SignedCheckpoint = CheckpointFields & { signature: string };

/**
 * `<journal>-checkpoint-<seq>-<kind>-<label>.json`: named after its journal (journalOf), so
 * journals that share a folder (a test machine's) never read each other's checkpoints.
 */
export function checkpointFileName(
  journal: string,
  c: Pick<CheckpointFields, "seq" | "kind" | "label">,
): string {
  return `${journal}-checkpoint-${String(c.seq).padStart(12, "0")}-${c.kind}-${c.label}.json`;
}

/** A journal's name: the PostgreSQL database's, or the embedded journal's folder's (`kassa`). */
export function journalOf(config: { databaseUrl?: string; dataDir: string }): string {
  if (config.databaseUrl)
    return (
      decodeURIComponent(new URL(config.databaseUrl).pathname.replace(/^\//, "")) || "postgres"
    );
  return path.basename(path.resolve(config.dataDir));
}

/** The checkpoint a file (or a QR code's JSON) holds, or why it is not one. */
export function parseCheckpoint(
  text: string,
): { ok: true; checkpoint: SignedCheckpoint } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = checkpointSchema
    .extend({ signature: z.string().min(1) })
    .strict()
    .safeParse(value);
  if (!parsed.success) return { ok: false, reason: "not a Kassa checkpoint" };
  return { ok: true, checkpoint: parsed.data };
}

export function checkpointSignatureHolds(publicKey: KeyObject, c: SignedCheckpoint): boolean {
  const { signature, ...fields } = c;
  return textSignatureHolds(publicKey, checkpointBody(fields), signature);
}

/**
 * The short code printed under a checkpoint's QR code: its sequence number and the first 16
 * hex digits of the head's hash, enough to compare by eye with what `npm run verify` prints.
 */
export function checkpointShortCode(c: Pick<CheckpointFields, "seq" | "hash">): string {
  const groups = c.hash.slice(0, 16).toUpperCase().match(/.{4}/g) ?? [];
  return `#${c.seq} ${groups.join("-")}`;
}
