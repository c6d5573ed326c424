import "server-only";
import { and, desc, eq, gte, ilike, isNull, ne, or } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, users, type Sale } from "@/lib/db/schema";
import { TILL_REPRINT_DAYS } from "@/lib/security/ownership";
import { searchFormsOf } from "@/lib/kinds/vas/mobile";

/** The reference holds the typed number in any of its forms (a mobile number as 0… or 27…). */
function referenceHolds(search: string) {
  const forms = searchFormsOf(search);
  return forms.length === 0 ? undefined : or(...forms.map((f) => ilike(sales.reference, `%${f}%`)));
}

/**
 * A cashier's own sales of one shift, newest first, optionally only those whose reference
 * (meter, account or mobile number, ...) holds `search` in any of its forms (searchFormsOf:
 * digits only, so no LIKE wildcards).
 */
export async function shiftSalesOf(
  userId: string,
  shiftId: string,
  search: string,
  limit = 200,
): Promise<Sale[]> {
  const database = await db();
  const conditions = [eq(sales.userId, userId), eq(sales.shiftId, shiftId)];
  const holds = referenceHolds(search);
  if (holds) conditions.push(holds);
  return database
    .select()
    .from(sales)
    .where(and(...conditions))
    .orderBy(desc(sales.createdAt))
    .limit(limit);
}

/**
 * Sales at this till in the last TILL_REPRINT_DAYS (any shift, any cashier: a colleague's slip
 * may be reprinted, lib/security/ownership.ts) whose reference holds `search` (a meter,
 * account or mobile number, digits only), leaving out the cashier's own shift already shown,
 * each with the name of the cashier who sold it. An empty search finds nothing: the history
 * is searched, never listed.
 */
export async function tillSalesMatching(
  staff: { userId: string; tillId: string },
  search: string,
  exceptShiftId: string | null,
  now: Date = new Date(),
  limit = 50,
): Promise<(Sale & { soldBy: string })[]> {
  const digits = search.replace(/\D/g, "");
  if (digits.length < 4) return [];
  const since = new Date(now.getTime() - TILL_REPRINT_DAYS * 24 * 60 * 60_000);
  const database = await db();
  const conditions = [
    eq(sales.tillId, staff.tillId),
    gte(sales.createdAt, since),
    referenceHolds(search)!,
  ];
  if (exceptShiftId) conditions.push(or(isNull(sales.shiftId), ne(sales.shiftId, exceptShiftId))!);
  const rows = await database
    .select({ sale: sales, soldBy: users.displayName })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .where(and(...conditions))
    .orderBy(desc(sales.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.sale, soldBy: r.soldBy }));
}

/** The display name of the cashier who made a sale (printed on a colleague's reprint). */
export async function cashierNameOf(userId: string): Promise<string> {
  const database = await db();
  const [row] = await database
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? "another cashier";
}
