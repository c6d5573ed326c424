import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import { SA_TZ } from "@/lib/sa-time";

/** Business days are South African calendar days. [start, end) of the South African day `YYYY-MM-DD`. */
export function saDayBounds(ymd: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) throw new RangeError(`not a date: ${ymd}`);
  const start = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), SA_TZ);
  if (format(start, "yyyy-MM-dd") !== ymd) throw new RangeError(`not a date: ${ymd}`);
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

/** The South African date `YYYY-MM-DD` of an instant. */
export function saYmd(at: Date): string {
  return format(new TZDate(at.getTime(), SA_TZ), "yyyy-MM-dd");
}

export function saToday(now: Date = new Date()): string {
  return saYmd(startOfDay(new TZDate(now.getTime(), SA_TZ)));
}

/** The hour of the South African day (0-23) of an instant. */
export function saHour(at: Date): number {
  return new TZDate(at.getTime(), SA_TZ).getHours();
}

export function formatSaDateTime(at: Date): string {
  return format(new TZDate(at.getTime(), SA_TZ), "yyyy-MM-dd HH:mm");
}

/** Whether `YYYY-MM-DD` is a real calendar date. */
export function isSaDay(ymd: string): boolean {
  try {
    saDayBounds(ymd);
    return true;
  } catch {
    return false;
  }
}
