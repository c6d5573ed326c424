/**
 * How long the merchant's float lasts at the shop's own pace, and what to deposit to last
 * until a chosen moment. The pace of an hour to come is what the same weekday and hour sold
 * over the recent weeks (a Saturday noon is not a Tuesday night); the busiest and quietest of
 * those weeks give the soonest and latest run-out. With less than a week of history the pace
 * is the same hour of the recent days (under an hour: the pace of the minutes there are), and
 * the forecast says it is rough; under a minute of history it gives none. Pure.
 */
import type { Cents } from "@/lib/money";

const HOUR_MS = 3_600_000;
/** South Africa keeps UTC+2 all year (no daylight saving): its hours are whole UTC hours. */
const SA_OFFSET_MS = 2 * HOUR_MS;

/** Less history than a minute gives no forecast at all. */
const MIN_HISTORY_HOURS = 1 / 60;

export interface HourTotal {
  /** The start of a clock hour. */
  hourStart: Date;
  /** What completed sales drew from the float in that hour. */
  cents: Cents;
}

export interface ForecastInput {
  now: Date;
  balanceCents: Cents;
  /** Completed sales per clock hour; hours without sales may be left out. */
  hours: readonly HourTotal[];
  /** Since when Kassa has records: an hour before it is unknown, not a quiet hour. */
  historySince: Date;
  /** The moment the deposit must last until (the next business morning by default). */
  until: Date;
  /** Weeks of the same weekday and hour to learn from. */
  weeks?: number;
  /** How far ahead a run-out is looked for. */
  horizonHours?: number;
}

export type Confidence = "high" | "medium" | "low" | "rough" | "none";

export interface Forecast {
  /** high: 4 weeks or more of history; medium: 2-3; low: 1; rough: under a week; none: under a minute. */
  confidence: Confidence;
  weeksOfHistory: number;
  daysOfHistory: number;
  /** Hours until the float runs out at the expected pace; null: not within the horizon (or no forecast). */
  runwayHours: number | null;
  /** At the busiest pace of the recent weeks (sooner) and the quietest (later). */
  soonestHours: number | null;
  latestHours: number | null;
  horizonHours: number;
  /** Expected sales until `until`, and at the busiest pace. */
  expectedUntilCents: Cents;
  busyUntilCents: Cents;
  /** What to deposit now to last until `until` at the expected and at the busiest pace. */
  depositCents: Cents;
  depositBusyCents: Cents;
}

type Pace = { mean: number; min: number; max: number };

function hourIndex(at: Date): number {
  return Math.floor(at.getTime() / HOUR_MS);
}

/** 0 (Sunday 00:00-01:00 in South Africa) to 167. */
function slotOf(hour: number): number {
  const sa = new Date(hour * HOUR_MS + SA_OFFSET_MS);
  return sa.getUTCDay() * 24 + sa.getUTCHours();
}

function paceOf(values: number[]): Pace {
  if (values.length === 0) return { mean: 0, min: 0, max: 0 };
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/**
 * The pace of every hour to come, learnt from the past: each of the 168 weekday-hours from its
 * last `weeks` occurrences, or, with under a week, each of the 24 hours of the day from the
 * days there are, or, with under a day, the hours there are.
 */
function paces(input: ForecastInput, weeks: number) {
  const now = hourIndex(input.now);
  const first = Math.ceil(input.historySince.getTime() / HOUR_MS);
  const known = new Map<number, number>();
  for (const h of input.hours) {
    const index = hourIndex(h.hourStart);
    known.set(index, (known.get(index) ?? 0) + h.cents);
  }
  const fullHours = Math.max(0, now - first); // complete hours since history began
  const weeksOfHistory = Math.min(weeks, Math.floor(fullHours / 168));
  const daysOfHistory = Math.floor(fullHours / 24);
  const spanHours = (input.now.getTime() - input.historySince.getTime()) / HOUR_MS;
  if (fullHours < 1) {
    // Under an hour (a shop just started): the pace of the minutes there are, all sold since.
    let sold = 0;
    for (const [index, cents] of known) if (index >= Math.floor(first - 1)) sold += cents;
    const flat = spanHours > 0 ? sold / spanHours : 0;
    const pace = (): Pace => ({ mean: flat, min: flat, max: flat });
    return { pace, weeksOfHistory, daysOfHistory, spanHours };
  }
  const period = weeksOfHistory > 0 ? 168 : daysOfHistory > 0 ? 24 : 1;
  const samples =
    weeksOfHistory > 0 ? weeksOfHistory : daysOfHistory > 0 ? daysOfHistory : fullHours;
  // The pace of hour `h` to come: the same place in the cycle, `samples` cycles back.
  const cache = new Map<number, Pace>();
  const pace = (h: number): Pace => {
    const key = period === 168 ? slotOf(h) : period === 24 ? slotOf(h) % 24 : 0;
    let found = cache.get(key);
    if (!found) {
      const values: number[] = [];
      // The latest past hour of this place in the cycle, then back one cycle at a time.
      let past = h - Math.ceil((h - now + 1) / period) * period;
      if (period === 1) past = now - 1;
      for (let i = 0; i < samples && past >= first; i++, past -= period)
        values.push(known.get(past) ?? 0);
      found = paceOf(values);
      cache.set(key, found);
    }
    return found;
  };
  return { pace, weeksOfHistory, daysOfHistory, spanHours };
}

/** Hours until `balance` is used up at the pace `rate` gives each hour; null past the horizon. */
function runOut(
  input: ForecastInput,
  rate: (h: number) => number,
  horizonHours: number,
): number | null {
  if (input.balanceCents <= 0) return 0;
  const start = input.now.getTime();
  let left = input.balanceCents;
  let elapsed = 0;
  for (let h = hourIndex(input.now); elapsed < horizonHours; h++) {
    const hourEnd = (h + 1) * HOUR_MS;
    const span = (hourEnd - Math.max(start, h * HOUR_MS)) / HOUR_MS;
    const use = rate(h) * span;
    if (use >= left && use > 0) return elapsed + (left / use) * span;
    left -= use;
    elapsed += span;
  }
  return null;
}

/** What the pace `rate` sells from now until `until`. */
function salesUntil(input: ForecastInput, rate: (h: number) => number): Cents {
  const start = input.now.getTime();
  const end = input.until.getTime();
  let total = 0;
  for (let h = hourIndex(input.now); h * HOUR_MS < end; h++) {
    const from = Math.max(start, h * HOUR_MS);
    const to = Math.min(end, (h + 1) * HOUR_MS);
    if (to > from) total += (rate(h) * (to - from)) / HOUR_MS;
  }
  return Math.round(total);
}

export function forecastRunway(input: ForecastInput): Forecast {
  const weeks = input.weeks ?? 4;
  const horizonHours = input.horizonHours ?? 14 * 24;
  const { pace, weeksOfHistory, daysOfHistory, spanHours } = paces(input, weeks);
  const confidence: Confidence =
    spanHours < MIN_HISTORY_HOURS
      ? "none"
      : weeksOfHistory >= 4
        ? "high"
        : weeksOfHistory >= 2
          ? "medium"
          : weeksOfHistory === 1
            ? "low"
            : "rough";
  const mean = (h: number) => pace(h).mean;
  const busy = (h: number) => pace(h).max;
  const quiet = (h: number) => pace(h).min;
  const expectedUntilCents = confidence === "none" ? 0 : salesUntil(input, mean);
  const busyUntilCents = confidence === "none" ? 0 : salesUntil(input, busy);
  const none = confidence === "none";
  return {
    confidence,
    weeksOfHistory,
    daysOfHistory,
    runwayHours: none ? null : runOut(input, mean, horizonHours),
    soonestHours: none ? null : runOut(input, busy, horizonHours),
    latestHours: none ? null : runOut(input, quiet, horizonHours),
    horizonHours,
    expectedUntilCents,
    busyUntilCents,
    depositCents: Math.max(0, expectedUntilCents - input.balanceCents),
    depositBusyCents: Math.max(0, busyUntilCents - input.balanceCents),
  };
}

/**
 * The next business morning after `now`: 08:00 in South Africa on the next weekday (today
 * when it is a weekday before 08:00). Public holidays are not known to Kassa.
 */
export function nextBusinessMorning(now: Date, hour = 8): Date {
  const sa = new Date(now.getTime() + SA_OFFSET_MS);
  const candidate = new Date(
    Date.UTC(sa.getUTCFullYear(), sa.getUTCMonth(), sa.getUTCDate(), hour) - SA_OFFSET_MS,
  );
  for (let day = 0; ; day++) {
    const at = new Date(candidate.getTime() + day * 24 * HOUR_MS);
    const weekday = new Date(at.getTime() + SA_OFFSET_MS).getUTCDay();
    if (at > now && weekday !== 0 && weekday !== 6) return at;
  }
}
