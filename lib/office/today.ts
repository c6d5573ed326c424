import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales, tills, users } from "@/lib/db/schema";
import { paidNotDeliveredSql } from "@/lib/sales/card";
import { saDayBounds, saToday } from "@/lib/reports/day";
import { glance } from "@/lib/reports/glance";

/** Today's completed sales (Africa/Johannesburg) per hour, kind, till and cashier, and how many need a supervisor. */
export async function todayAtAGlance(now: Date = new Date()) {
  const day = saToday(now);
  const { start, end } = saDayBounds(day);
  const database = await db();
  const rows = await database
    .select({
      kind: sales.kind,
      amountCents: sales.amountCents,
      createdAt: sales.createdAt,
      tillName: tills.name,
      cashier: users.displayName,
    })
    .from(sales)
    .innerJoin(tills, eq(tills.id, sales.tillId))
    .innerJoin(users, eq(users.id, sales.userId))
    .where(
      and(eq(sales.status, "completed"), gte(sales.createdAt, start), lt(sales.createdAt, end)),
    );
  const [open] = await database
    .select({ count: sql<number>`count(*)::int` })
    .from(sales)
    .where(eq(sales.status, "unknown"));
  const [owed] = await database
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${sales.amountCents}), 0)::int`,
    })
    .from(sales)
    .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(paidNotDeliveredSql);
  return {
    day,
    ...glance(rows),
    unknownCount: open?.count ?? 0,
    owedCount: owed?.count ?? 0,
    owedCents: owed?.cents ?? 0,
  };
}
