import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { sales } from "@/lib/db/schema";

export const INTERRUPTED_MESSAGE = "Kassa stopped while this sale was being sent. Not confirmed — do not sell again.";

/**
 * Sales that were sent upstream (attempts > 0) but never settled: a crash or a kill.
 * Their outcome cannot be known, so they become unknown — never failed, never resent here.
 */
export async function sweepInterruptedSales(database: Db, olderThanMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const rows = await database
    .update(sales)
    .set({ status: "unknown", error: { kind: "interrupted", message: INTERRUPTED_MESSAGE }, updatedAt: new Date() })
    .where(and(eq(sales.status, "pending"), sql`${sales.attempts} > 0`, lt(sales.updatedAt, cutoff)))
    .returning({ id: sales.id });
  return rows.length;
}
