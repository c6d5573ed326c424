import "server-only";
import { checkBalance } from "@/lib/upstream";
import type { Cents } from "@/lib/money";

/** The warning is on every till and office home: ask the core service at most once a minute. */
const TTL_MS = 60_000;

interface Cached {
  at: number;
  value: Promise<Cents | null>;
}

const globalForBalance = globalThis as unknown as { kassaBalance?: Cached };

/** The merchant's credit in cents, or null when the core service did not answer (the warning then stays quiet). */
export function cachedMerchantBalance(now: number = Date.now()): Promise<Cents | null> {
  const cached = globalForBalance.kassaBalance;
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = checkBalance({}, { timeoutMs: 3000, maxAttempts: 1 })
    .then((b) => b.balanceCents)
    .catch(() => null);
  globalForBalance.kassaBalance = { at: now, value };
  return value;
}

/** After a supervisor looks at the balance page, the warning follows the fresh figure. */
export function rememberMerchantBalance(cents: Cents, now: number = Date.now()): void {
  globalForBalance.kassaBalance = { at: now, value: Promise.resolve(cents) };
}
