/** South African wall-clock formatting: every date the sandbox puts on the wire is Africa/Johannesburg. */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";

export const SA_TZ = "Africa/Johannesburg";

function sa(ms: number): TZDate {
  return new TZDate(ms, SA_TZ);
}

/** The spec's slip date, `DD mmm YYYY hh:mm:ss AM/PM`, e.g. `23 Nov 2026 10:15:02 AM`. */
export function slipDate(ms: number): string {
  return format(sa(ms), "dd MMM yyyy hh:mm:ss a");
}

export function saYmd(ms: number): string {
  return format(sa(ms), "yyyy-MM-dd");
}

export function saHms(ms: number): string {
  return format(sa(ms), "HH:mm:ss");
}

/** ISO 8601 with the +02:00 offset, as the reconciliation endpoints carry date-times. */
export function saIso(ms: number): string {
  return format(sa(ms), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

/** The previous South African calendar day relative to `nowMs`: [startMs, endMs). */
export function previousBusinessDay(nowMs: number): {
  date: string;
  startMs: number;
  endMs: number;
} {
  const todayStart = startOfDay(sa(nowMs));
  const start = addDays(todayStart, -1);
  return {
    date: format(start, "yyyy-MM-dd"),
    startMs: start.getTime(),
    endMs: todayStart.getTime(),
  };
}
