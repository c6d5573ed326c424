/**
 * When Kassa asks the core service about a card order again. Pure: no I/O, unit-tested.
 * While a till waits it asks every 2 s itself (its polling); once the till stops, the
 * follower asks every minute for an hour, then every hour, until the order is final:
 * PAID or FAILED, or still unpaid when its South African business day has ended.
 */
import { saDayBounds, saYmd } from "@/lib/reports/day";

/** The till asked this recently: it is still on the sale, so a PAID goes ahead as usual. */
export const TILL_PRESENT_MS = 10_000;

/**
 * A kiosk's own browser is on the hosted checkout while its customer pays: the kiosk counts
 * as on the sale (a PAID goes ahead) for this long after opening the order, without polling.
 */
export const KIOSK_CHECKOUT_MS = 10 * 60_000;

/** A claimed order is not handed to another follower for this long (a crash mid-check). */
export const FOLLOW_LEASE_MS = 5 * 60_000;

export interface FollowedOrder {
  createdAt: Date;
  tillSeenAt: Date | null;
}

/** When the till stopped waiting: its last poll, or the order's opening if it never polled. */
function stoppedAt(order: FollowedOrder): number {
  return Math.max(order.createdAt.getTime(), order.tillSeenAt?.getTime() ?? 0);
}

/** The next check: a minute later during the first hour after the till stopped, then an hour later. */
export function nextCheckAt(order: FollowedOrder, now: Date, minuteMs: number): Date {
  const since = now.getTime() - stoppedAt(order);
  const step = since < 60 * minuteMs ? minuteMs : 60 * minuteMs;
  return new Date(now.getTime() + step);
}

export function tillPresent(order: { tillSeenAt: Date | null }, now: Date): boolean {
  return order.tillSeenAt !== null && now.getTime() - order.tillSeenAt.getTime() < TILL_PRESENT_MS;
}

/** The order's South African business day is over: an order still unpaid now is final. */
export function businessDayOver(order: { createdAt: Date }, now: Date): boolean {
  return now.getTime() >= saDayBounds(saYmd(order.createdAt)).end.getTime();
}
