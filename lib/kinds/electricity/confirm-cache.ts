import "server-only";
import type { MeterCustomer } from "@/lib/kinds/electricity/upstream";

/**
 * The meters this process confirmed in the last few minutes. A purchase right after its
 * confirm reuses the answer instead of asking the core service again; a miss (another
 * instance, an old form) confirms afresh. The core service still enforces the range on
 * purchase, so a stale entry can never sell outside it.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 2_000;
const globalForCache = globalThis as unknown as {
  kassaConfirmed?: Map<string, { at: number; customer: MeterCustomer }>;
};
const confirmed = (globalForCache.kassaConfirmed ??= new Map());

const keyOf = (meterNumber: string, municipality: string) => `${municipality}:${meterNumber}`;

export function rememberConfirmed(
  meterNumber: string,
  municipality: string,
  customer: MeterCustomer,
): void {
  if (confirmed.size >= MAX_ENTRIES) confirmed.delete(confirmed.keys().next().value!);
  confirmed.set(keyOf(meterNumber, municipality), { at: Date.now(), customer });
}

export function recentlyConfirmed(
  meterNumber: string,
  municipality: string,
): MeterCustomer | undefined {
  const entry = confirmed.get(keyOf(meterNumber, municipality));
  if (!entry) return undefined;
  if (Date.now() - entry.at > TTL_MS) {
    confirmed.delete(keyOf(meterNumber, municipality));
    return undefined;
  }
  return entry.customer;
}
