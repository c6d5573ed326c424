/**
 * The shop's trading hours (KASSA_TRADING_HOURS, "07:00-19:00", South African time): a sign-in
 * outside them is an exception for the owner. A close earlier than the open runs across
 * midnight ("18:00-02:00"). Pure, and without imports: lib/env-schema.ts parses with it.
 */
export interface TradingHours {
  /** Minutes after South African midnight. */
  open: number;
  close: number;
}

export const TRADING_HOURS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** "07:00-19:00" as minutes; null for anything else. */
export function parseTradingHours(text: string): TradingHours | null {
  const m = TRADING_HOURS_PATTERN.exec(text.trim());
  if (!m) return null;
  const [, oh, om, ch, cm] = m.map(Number) as [number, number, number, number, number];
  return { open: oh * 60 + om, close: ch * 60 + cm };
}

/** South Africa keeps one offset all year (UTC+2, no daylight saving). */
const SA_OFFSET_MINUTES = 120;

function saMinuteOfDay(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + SA_OFFSET_MINUTES;
  return ((minutes % 1440) + 1440) % 1440;
}

/** Whether `at` falls within the hours (the open minute in, the close minute out; equal: all day). */
export function withinTradingHours(at: Date, hours: TradingHours): boolean {
  const m = saMinuteOfDay(at);
  if (hours.open === hours.close) return true;
  if (hours.open < hours.close) return m >= hours.open && m < hours.close;
  return m >= hours.open || m < hours.close;
}

/** "07:00-19:00" again, for the page. */
export function tradingHoursText(hours: TradingHours): string {
  const hm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return `${hm(hours.open)}-${hm(hours.close)}`;
}
