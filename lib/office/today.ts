import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales } from "@/lib/db/schema";
import { paidNotDeliveredSql } from "@/lib/sales/card";
import { salesWithNames } from "@/lib/sales/with-names";
import { needsSupervisorSql } from "./unresolved";
import { saDayBounds, saToday } from "@/lib/reports/day";
import { glance } from "@/lib/reports/glance";

/**
 * Today's completed sales (Africa/Johannesburg) per hour, kind, till and cashier, and how many
 * need a supervisor, each counted once: not confirmed, paid not delivered, or a refund owed.
 */
export async function todayAtAGlance(now: Date = new Date()) {
  const day = saToday(now);
  const { start, end } = saDayBounds(day);
  const database = await db();
  const rows = await salesWithNames(database, {
    kind: sales.kind,
    amountCents: sales.amountCents,
    createdAt: sales.createdAt,
  }).where(
    and(eq(sales.status, "completed"), gte(sales.createdAt, start), lt(sales.createdAt, end)),
  );
  // Every unresolved sale once, in the one bucket the unresolved page puts it in: a paid card
  // sale not delivered is "unknown" in the journal too, but it is counted only as owed.
  const owed = paidNotDeliveredSql;
  const [open] = await database
    .select({
      unknownCount: sql<number>`(count(*) filter (where ${sales.status} = 'unknown' and not ${owed}))::int`,
      owedCount: sql<number>`(count(*) filter (where ${owed}))::int`,
      owedCents: sql<number>`coalesce(sum(${sales.amountCents}) filter (where ${owed}), 0)::int`,
      refundCount: sql<number>`(count(*) filter (where ${sales.status} <> 'unknown'))::int`,
    })
    .from(sales)
    .leftJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(needsSupervisorSql);
  return {
    day,
    ...glance(rows),
    unknownCount: open?.unknownCount ?? 0,
    owedCount: open?.owedCount ?? 0,
    owedCents: open?.owedCents ?? 0,
    /** Failed sales whose card payment went through: money to give back. */
    refundCount: open?.refundCount ?? 0,
  };
}
