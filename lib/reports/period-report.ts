import "server-only";
import { db } from "@/lib/db";
import { daysOf, previousPeriod, type Period } from "./period";
import { periodSales } from "./period-sales";
import { summarise, type PeriodSummary } from "./summary";

export interface PeriodReport {
  period: Period;
  before: Period;
  now: PeriodSummary;
  previous: PeriodSummary;
}

/** A period's summary and the same length before it, for the comparison. */
export async function periodReport(period: Period): Promise<PeriodReport> {
  const database = await db();
  const before = previousPeriod(period);
  const [nowSales, beforeSales] = await Promise.all([
    periodSales(database, period),
    periodSales(database, before),
  ]);
  return {
    period,
    before,
    now: summarise(nowSales, daysOf(period)),
    previous: summarise(beforeSales, daysOf(before)),
  };
}
