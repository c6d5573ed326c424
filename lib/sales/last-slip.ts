import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales } from "@/lib/db/schema";
import { TILL_REPRINT_DAYS } from "@/lib/security/ownership";

/**
 * The slip F9 reprints: this cashier's newest completed sale at this till (the customer in
 * front of them); when they have sold nothing here yet (a hand-over), the till's newest of
 * the last TILL_REPRINT_DAYS, which a colleague at the same till may reprint.
 */
export async function lastSlipAt(tillId: string, userId: string): Promise<string | null> {
  const database = await db();
  const since = new Date(Date.now() - TILL_REPRINT_DAYS * 24 * 60 * 60_000);
  const newest = async (mine: boolean) => {
    const [row] = await database
      .select({ id: sales.id })
      .from(sales)
      .where(
        and(
          eq(sales.tillId, tillId),
          eq(sales.status, "completed"),
          mine ? eq(sales.userId, userId) : gte(sales.createdAt, since),
        ),
      )
      // PostgreSQL puts NULLs first in a descending order: a sale without settled_at must not win.
      .orderBy(sql`${sales.settledAt} desc nulls last`, desc(sales.createdAt))
      .limit(1);
    return row?.id ?? null;
  };
  return (await newest(true)) ?? (await newest(false));
}
