import "server-only";
import { and, desc, eq, gte, ilike, isNull, ne, or } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, type Sale } from "@/lib/db/schema";

/**
 * A cashier's own sales of one shift, newest first, optionally only those whose reference
 * (meter or account number, ...) contains `search` (digits only, so no LIKE wildcards).
 */
export async function shiftSalesOf(
  userId: string,
  shiftId: string,
  search: string,
  limit = 200,
): Promise<Sale[]> {
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

/** How far back a till's own sales can be found for a reprint. */
export const TILL_HISTORY_DAYS = 90;

/**
 * The cashier's own sales at this till in the last 90 days (any shift) whose reference holds
 * `search` (a meter, account or mobile number, digits only), leaving out the shift already
 * shown. A cashier reprints only their own sales (docs/architecture.md, the object rule), so
 * a colleague's sales at the same till are never found here. An empty search finds nothing:
 * the history is searched, never listed.
 */
export async function tillSalesMatching(
  staff: { userId: string; tillId: string },
  search: string,
  exceptShiftId: string | null,
  now: Date = new Date(),
  limit = 50,
): Promise<Sale[]> {
  const digits = search.replace(/\D/g, "");
  if (digits.length < 4) return [];
  const since = new Date(now.getTime() - TILL_HISTORY_DAYS * 24 * 60 * 60_000);
  const database = await db();
  const conditions = [
    eq(sales.tillId, staff.tillId),
    eq(sales.userId, staff.userId),
    gte(sales.createdAt, since),
    ilike(sales.reference, `%${digits}%`),
  ];
  if (exceptShiftId) conditions.push(or(isNull(sales.shiftId), ne(sales.shiftId, exceptShiftId))!);
  return database
    .select()
    .from(sales)
    .where(and(...conditions))
    .orderBy(desc(sales.createdAt))
    .limit(limit);
}
