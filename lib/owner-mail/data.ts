import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales, shifts } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { exceptionsIn } from "@/lib/exceptions/read";
import { cachedMerchantBalance } from "@/lib/office/balance-cache";
import { lowBalanceThreshold } from "@/lib/office/settings";
import { formatSaDateTime, saDayBounds } from "@/lib/reports/day";
import { daysOf, periodOf } from "@/lib/reports/period";
import { periodSales } from "@/lib/reports/period-sales";
import { summarise } from "@/lib/reports/summary";
import { runwayNow } from "@/lib/runway/runway-now";
import { saTime } from "@/lib/sa-time";
import { paidNotDeliveredSql } from "@/lib/sales/card";
import { salesWithNames } from "@/lib/sales/with-names";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { zReportsClosedIn } from "@/lib/shifts/list";
import type { DaySummary, RunwayLine, ShiftLine, UnresolvedLine } from "./content";

/** Shifts closed in [start, end), as their Z reports say. */
export async function closedShifts(range: {
  start: Date;
  end: Date;
}): Promise<(ShiftLine & { shiftId: string })[]> {
  return (await zReportsClosedIn(await db(), range)).map(({ shiftId, report }) => ({
    shiftId,
    zNumber: report.zNumber,
    tillName: report.tillName,
    cashier: report.openedBy,
    totalCents: report.totalCents,
    varianceCents: report.varianceCents,
  }));
}

/** Sales still not confirmed (unknown, unresolved) or stuck on their way, oldest first. */
export async function unresolvedSales(now: Date): Promise<UnresolvedLine[]> {
  const database = await db();
  const rows = await salesWithNames(database, {
    id: sales.id,
    kind: sales.kind,
    amountCents: sales.amountCents,
    createdAt: sales.createdAt,
  })
    .where(and(inArray(sales.status, ["unknown", "pending"]), isNull(sales.resolvedAt)))
    .orderBy(sales.createdAt)
    .limit(200);
  return (
    rows
      .map((r) => ({
        saleId: r.id,
        kind: KIND_LABELS[r.kind],
        amountCents: r.amountCents,
        tillName: r.tillName,
        cashier: r.cashier,
        at: saTime(r.createdAt),
        minutes: Math.floor((now.getTime() - r.createdAt.getTime()) / 60_000),
      }))
      // A sale on its way for a moment is not unresolved: only those older than a minute.
      .filter((u) => u.minutes >= 1)
  );
}

/** The float now: balance, runway and deposit, and whether the owner should be warned. */
export async function floatNow(now: Date): Promise<(RunwayLine & { lowBalance: boolean }) | null> {
  const balanceCents = await cachedMerchantBalance(now.getTime());
  if (balanceCents === null) return null;
  const [runway, threshold] = await Promise.all([
    runwayNow(balanceCents, { now }),
    lowBalanceThreshold(),
  ]);
  const lowBalance = balanceCents < threshold.cents;
  return {
    balanceCents,
    hours: runway.forecast.runwayHours,
    confidence: runway.forecast.confidence,
    depositCents: runway.forecast.depositCents,
    until: formatSaDateTime(runway.until),
    short: runway.short || lowBalance,
    lowBalance,
  };
}

/** Everything the day's summary says. */
export async function daySummary(day: string, now: Date): Promise<DaySummary> {
  const config = env();
  const database = await db();
  const period = periodOf("day", day);
  const [rows, closed, open, unresolved, owed, float, record] = await Promise.all([
    periodSales(database, period),
    closedShifts(saDayBounds(day)),
    database
      .select({ n: sql<number>`count(*)::int` })
      .from(shifts)
      .where(isNull(shifts.closedAt)),
    unresolvedSales(now),
    database
      .select({
        count: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${sales.amountCents}), 0)::int`,
      })
      .from(sales)
      .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
      .where(paidNotDeliveredSql),
    floatNow(now),
    exceptionsIn(period),
  ]);
  const summary = summarise(rows, daysOf(period));
  return {
    day,
    merchantName: config.merchantName,
    officeUrl: config.publicUrl,
    count: summary.count,
    totalCents: summary.totalCents,
    commissionCents: summary.commissionCents,
    byKind: summary.byKind,
    shifts: closed,
    openShifts: open[0]?.n ?? 0,
    unresolved,
    owedCount: owed[0]?.count ?? 0,
    owedCents: owed[0]?.cents ?? 0,
    runway: float,
    varianceAlertCents: config.alertVarianceCents,
    unresolvedAlertMinutes: config.alertUnresolvedMs / 60_000,
    record,
  };
}
