import "server-only";
import { and, eq, gt, ilike, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, type Sale } from "@/lib/db/schema";

/**
 * Fines sales that may already have cleared some of these notices: unknown ones, and
 * pending ones that were sent (attempts > 0). Paying the same notices again before a
 * supervisor has looked could clear and invoice them twice.
 */
export async function unsettledFinesSales(noticeNumbers: readonly string[]): Promise<Sale[]> {
  if (noticeNumbers.length === 0) return [];
  const database = await db();
  const matches = noticeNumbers.map((n) => ilike(sales.reference, `%${n.replace(/[%_\\]/g, "")}%`));
  return database
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.kind, "fines"),
        or(eq(sales.status, "unknown"), and(eq(sales.status, "pending"), gt(sales.attempts, 0))),
        sql`${sales.resolvedAt} is null`,
        or(...matches),
      ),
    );
}
