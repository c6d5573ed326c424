import "server-only";
import { and, desc, eq, ilike } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, type Sale } from "@/lib/db/schema";

/**
 * A cashier's own sales of one shift, newest first, optionally only those whose reference
 * (meter or account number, ...) contains `search` (digits only, so no LIKE wildcards).
 */
export async function shiftSalesOf(userId: string, shiftId: string, search: string, limit = 200): Promise<Sale[]> {
  const database = await db();
  const digits = search.replace(/\D/g, "");
  const conditions = [eq(sales.userId, userId), eq(sales.shiftId, shiftId)];
  if (digits) conditions.push(ilike(sales.reference, `%${digits}%`));
  return database
    .select()
    .from(sales)
    .where(and(...conditions))
    .orderBy(desc(sales.createdAt))
    .limit(limit);
}
