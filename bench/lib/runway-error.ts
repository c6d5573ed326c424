/**
 * The float forecast's error 4 hours ahead, on a seeded shop's history (bench/lib/shop-history):
 * from every open hour of the last two weeks as "now", the forecast learns from the weeks
 * before, and is compared with what the shop then sold in the next 4 hours. Two figures:
 * the sales expected in the next 4 hours against the real ones (median and 90th percentile
 * of the relative error), and the runway forecast when the float held exactly the next 4
 * hours' sales (a true runway of 4 h), in hours off.
 */
import { forecastRunway } from "@/lib/runway/forecast";
import type { Row } from "./report";
import { shopHistory } from "./shop-history";

const HOUR_MS = 3_600_000;
const AHEAD_HOURS = 4;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export interface RunwayError {
  nows: number;
  salesErrorMedianPct: number;
  salesErrorP90Pct: number;
  runwayErrorMedianHours: number;
  runwayErrorP90Hours: number;
}

export function runwayError(seed = 20261126): RunwayError {
  const start = new Date("2026-09-07T00:00:00+02:00");
  const end = new Date(start.getTime() + 8 * 7 * 24 * HOUR_MS);
  const history = shopHistory({ seed, from: start, to: end });
  const byHour = new Map(history.map((h) => [h.hourStart.getTime(), h.cents]));
  const salesErrors: number[] = [];
  const runwayErrors: number[] = [];
  for (
    let t = end.getTime() - 14 * 24 * HOUR_MS;
    t < end.getTime() - AHEAD_HOURS * HOUR_MS;
    t += HOUR_MS
  ) {
    let actual = 0;
    for (let h = 0; h < AHEAD_HOURS; h++) actual += byHour.get(t + h * HOUR_MS) ?? 0;
    // Only "now"s whose next 4 hours sell: a closed shop's runway is not in question.
    if (actual === 0) continue;
    const now = new Date(t);
    const forecast = forecastRunway({
      now,
      balanceCents: actual,
      hours: history.filter((h) => h.hourStart < now),
      historySince: start,
      until: new Date(t + AHEAD_HOURS * HOUR_MS),
    });
    salesErrors.push(Math.abs(forecast.expectedUntilCents - actual) / actual);
    runwayErrors.push(Math.abs((forecast.runwayHours ?? 14 * 24) - AHEAD_HOURS));
  }
  const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  return {
    nows: salesErrors.length,
    salesErrorMedianPct: round(quantile(salesErrors, 0.5) * 100, 1),
    salesErrorP90Pct: round(quantile(salesErrors, 0.9) * 100, 1),
    runwayErrorMedianHours: round(quantile(runwayErrors, 0.5), 2),
    runwayErrorP90Hours: round(quantile(runwayErrors, 0.9), 2),
  };
}

export function runwayRows(e: RunwayError): Row[] {
  return [
    {
      figure: `float forecast: sales in the next 4 h, error (median, ${e.nows} hours)`,
      value: `${e.salesErrorMedianPct} %`,
      target: "≤ 20 %",
      met: e.salesErrorMedianPct <= 20,
    },
    {
      figure: "float forecast: sales in the next 4 h, error (90th percentile)",
      value: `${e.salesErrorP90Pct} %`,
      target: "information",
      met: null,
    },
    {
      figure: "float forecast: runway of a true 4 h, hours off (median)",
      value: `${e.runwayErrorMedianHours} h`,
      target: "≤ 1 h",
      met: e.runwayErrorMedianHours <= 1,
    },
    {
      figure: "float forecast: runway of a true 4 h, hours off (90th percentile)",
      value: `${e.runwayErrorP90Hours} h`,
      target: "information",
      met: null,
    },
  ];
}
