import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, sales } from "@/lib/db/schema";
import {
  claimSpoolFiles,
  markSpoolFileTaken,
  readSpoolFile,
  spoolHasWaiting,
  type SpoolEntry,
} from "./file";

/**
 * Settles one sale from its spooled answer with the `sale_settled` audit event, in one
 * transaction. Only a sale still pending, or marked unknown by the start-up sweep and not
 * yet resolved, takes it: a sale settled since is left as it is. Returns whether it settled.
 */
async function settleFromSpool(database: Db, entry: SpoolEntry): Promise<boolean> {
  const now = new Date();
  const outcome = entry.outcome;
  return database.transaction(async (tx) => {
    const rows = await tx
      .update(sales)
      .set({
        status: outcome.status,
        result: outcome.status === "completed" ? outcome.result : null,
        error: outcome.status === "completed" ? null : outcome.error,
        settledAt: outcome.status === "unknown" ? null : now,
        updatedAt: now,
        rawAnswers: sql`coalesce(${sales.rawAnswers}, '[]'::jsonb) || ${JSON.stringify(entry.rawAnswers)}::jsonb`,
      })
      .where(
        and(
          eq(sales.id, entry.saleId),
          or(
            eq(sales.status, "pending"),
            and(eq(sales.status, "unknown"), isNull(sales.resolvedAt)),
          ),
        ),
      )
      .returning({ id: sales.id, kind: sales.kind, amountCents: sales.amountCents });
    const row = rows[0];
    if (!row) return false;
    await tx.insert(auditEvents).values({
      username: "spool",
      role: "system",
      kind: "sale_settled",
      subject: row.id,
      detail: {
        kind: row.kind,
        status: outcome.status,
        amountCents: row.amountCents,
        from: "spool",
        answeredAt: entry.at,
      },
    });
    return true;
  });
}

/**
 * Takes every waiting answer into the journal; the core service is never called again for
 * them. Intake is idempotent (a sale settles once), so two instances taking the same file in
 * settle each sale once. Returns how many sales it settled.
 */
export async function takeInSpoolFiles(database: Db, dir: string): Promise<number> {
  if (!spoolHasWaiting(dir)) return 0;
  let settled = 0;
  for (const file of claimSpoolFiles(dir)) {
    for (const entry of readSpoolFile(file)) {
      if (await settleFromSpool(database, entry)) settled++;
    }
    markSpoolFileTaken(file);
  }
  return settled;
}
