import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales } from "@/lib/db/schema";

/** The newest completed sale at this till: the slip the customer in front of the cashier may ask for again. */
export async function lastCompletedSaleAt(tillId: string): Promise<string | null> {
  const database = await db();
  const [row] = await database
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.tillId, tillId), eq(sales.status, "completed")))
    .orderBy(desc(sales.settledAt), desc(sales.createdAt))
    .limit(1);
  return row?.id ?? null;
}
