/**
 * A report's period in South African days (a day, a week from Monday, a month, or a range)
 * and the same length just before it, for the comparison. Pure.
 */
import { saDayBounds, saYmd } from "./day";

export const PERIOD_KINDS = ["day", "week", "month", "range"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export interface Period {
  kind: PeriodKind;
  /** First and last South African day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** [start, end) in UTC instants. */
  start: Date;
  end: Date;
  label: string;
}

/** Calendar arithmetic on YYYY-MM-DD, done in UTC where every day has 24 hours. */
function utc(ymd: string): Date {
  saDayBounds(ymd); // a real date, or RangeError
  return new Date(`${ymd}T00:00:00Z`);
}

function ymdOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function plusDays(ymd: string, days: number): string {
  return ymdOf(new Date(utc(ymd).getTime() + days * 86_400_000));
}

/** The first day of the month `months` after the month of `ymd`. */
function monthStart(ymd: string, months = 0): string {
  const d = utc(ymd);
  return ymdOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

function between(kind: PeriodKind, from: string, to: string, label: string): Period {
  return { kind, from, to, start: saDayBounds(from).start, end: saDayBounds(to).end, label };
}

/** The period of `kind` around the day `anchor` (a range runs from `anchor` to `to`). */
export function periodOf(kind: PeriodKind, anchor: string, to?: string): Period {
  if (kind === "day") return between("day", anchor, anchor, anchor);
  if (kind === "week") {
    // Weeks start on Monday in South Africa.
    const monday = plusDays(anchor, -((utc(anchor).getUTCDay() + 6) % 7));
    return between("week", monday, plusDays(monday, 6), `week of ${monday}`);
  }
  if (kind === "month") {
    const first = monthStart(anchor);
    return between("month", first, plusDays(monthStart(anchor, 1), -1), first.slice(0, 7));
  }
  const end = to ?? anchor;
  const [a, b] = anchor <= end ? [anchor, end] : [end, anchor];
  return between("range", a, b, a === b ? a : `${a} to ${b}`);
}

/** The same length just before: the day, week or month before; a range of as many days before. */
export function previousPeriod(period: Period): Period {
  if (period.kind === "month") return periodOf("month", monthStart(period.from, -1));
  if (period.kind === "week") return periodOf("week", plusDays(period.from, -7));
  if (period.kind === "day") return periodOf("day", plusDays(period.from, -1));
  const days = daysOf(period).length;
  return periodOf("range", plusDays(period.from, -days), plusDays(period.from, -1));
}

/** Every South African day of the period, in order. */
export function daysOf(period: Pick<Period, "from" | "to">): string[] {
  const days: string[] = [];
  for (let d = period.from; d <= period.to; d = plusDays(d, 1)) days.push(d);
  return days;
}

/** The South African month YYYY-MM of an instant. */
export function saMonth(at: Date): string {
  return saYmd(at).slice(0, 7);
}
