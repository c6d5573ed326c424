import "server-only";
import { runwayWarnHours } from "@/lib/office/settings";
import { forecastRunway, nextBusinessMorning, type Forecast } from "./forecast";
import { paceHistory, type PaceHistory } from "./readings";

/** The history changes by the hour: read it at most once a minute (the till polls the warning). */
const HISTORY_TTL_MS = 60_000;
const globalForRunway = globalThis as unknown as {
  kassaPaceHistory?: { at: number; value: Promise<PaceHistory> };
};

function cachedHistory(now: Date): Promise<PaceHistory> {
  const cached = globalForRunway.kassaPaceHistory;
  if (cached && now.getTime() - cached.at < HISTORY_TTL_MS) return cached.value;
  const value = paceHistory(now);
  globalForRunway.kassaPaceHistory = { at: now.getTime(), value };
  value.catch(() => {
    if (globalForRunway.kassaPaceHistory?.value === value)
      globalForRunway.kassaPaceHistory = undefined;
  });
  return value;
}

export interface RunwayNow {
  now: Date;
  forecast: Forecast;
  until: Date;
  /** Warn when the runway is shorter than this many hours (0: never). */
  warnHours: number;
  /** The runway is short: the till and the office warn. */
  short: boolean;
}

/** The float's runway from `balanceCents` now, and the deposit needed to last until `until`. */
export async function runwayNow(
  balanceCents: number,
  options: { now?: Date; until?: Date; fresh?: boolean } = {},
): Promise<RunwayNow> {
  const now = options.now ?? new Date();
  const until = options.until ?? nextBusinessMorning(now);
  const [history, warn] = await Promise.all([
    options.fresh ? paceHistory(now) : cachedHistory(now),
    runwayWarnHours(),
  ]);
  const forecast = forecastRunway({
    now,
    balanceCents,
    hours: history.hours,
    historySince: history.since ?? now,
    until,
  });
  const short =
    warn.hours > 0 && forecast.runwayHours !== null && forecast.runwayHours < warn.hours;
  return { now, forecast, until, warnHours: warn.hours, short };
}
