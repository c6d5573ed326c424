import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { rowsOf } from "./audit-rows";
import { checkpointShortCode, type SignedCheckpoint } from "./checkpoint";
import { keyFingerprint } from "./keys";
import { currentSigner, sealNow } from "./seal-loop";

/**
 * What a Z report prints of the record: its signed checkpoint (a short code to compare by eye,
 * and the whole signed checkpoint as a QR code an auditor scans into `npm run verify
 * --checkpoints`), and the public key that checks it.
 */
export interface ZRecordPrint {
  /** Null while the close is not sealed yet (a second or two). */
  checkpoint: { shortCode: string; qrText: string } | null;
  publicKey: string;
  fingerprint: string;
}

export async function zRecordPrint(zNumber: number): Promise<ZRecordPrint> {
  const { publicKeyText } = currentSigner(env());
  const [row] = rowsOf<{ body: string; signature: string }>(
    await (
      await db()
    ).execute(sql`select body, signature from record_checkpoints
      where kind = 'z' and label = ${String(zNumber)}`),
  );
  const signed: SignedCheckpoint | null = row
    ? { ...(JSON.parse(row.body) as Omit<SignedCheckpoint, "signature">), signature: row.signature }
    : null;
  return {
    checkpoint: signed
      ? { shortCode: checkpointShortCode(signed), qrText: JSON.stringify(signed) }
      : null,
    publicKey: publicKeyText,
    fingerprint: keyFingerprint(publicKeyText),
  };
}

/**
 * After a close: seal until the Z report's checkpoint exists (at once on the embedded
 * journal; on PostgreSQL the close's event first settles for 2 s), at most `waitMs`, so the Z
 * report the cashier sees next already carries it. A slow seal only leaves it for a reprint.
 */
export async function sealZReport(zNumber: number, waitMs = 6000): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    await sealNow(env());
    if ((await zRecordPrint(zNumber)).checkpoint || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
