import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales } from "@/lib/db/schema";

/** The newest completed sale at this till: the slip the customer in front of the cashier may ask for again. */
export async function lastCompletedSaleAt(tillId: string): Promise<string | null> {
  const database = await db();
  const [row] = await database
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.tillId, tillId), eq(sales.status, "completed")))
    // PostgreSQL puts NULLs first in a descending order: a sale without settled_at must not win.
    .orderBy(sql`${sales.settledAt} desc nulls last`, desc(sales.createdAt))
    .limit(1);
  return row?.id ?? null;
}
