import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** Kassa speaks South African time whatever the server's zone: slips, history, reports. */
export const SA_TZ = "Africa/Johannesburg";

/** "2026-05-04 14:03:09" in Africa/Johannesburg. */
export function saDateTime(at: Date | string): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  return format(new TZDate(ms, SA_TZ), "yyyy-MM-dd HH:mm:ss");
}

/** "14:03" in Africa/Johannesburg. */
export function saTime(at: Date | string): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  return format(new TZDate(ms, SA_TZ), "HH:mm");
}
