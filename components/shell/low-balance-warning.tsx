import "server-only";
import { cachedMerchantBalance } from "@/lib/office/balance-cache";
import { lowBalanceThreshold } from "@/lib/office/settings";
import { formatRand } from "@/lib/money";

/**
 * Warns cashiers and supervisors while the merchant's credit is below the threshold, before
 * sales start failing. The balance is cached for a minute so a page view rarely calls upstream.
 */
export async function LowBalanceWarning() {
  const [balance, threshold] = await Promise.all([cachedMerchantBalance(), lowBalanceThreshold()]);
  if (balance === null || balance >= threshold.cents) return null;
  return (
    <p role="status" data-testid="low-balance-warning" className="rounded border border-warn bg-amber-50 p-3 text-amber-900">
      <strong>Merchant balance is low:</strong> {formatRand(balance)} left (warning below {formatRand(threshold.cents)}). Top up the
      merchant account before sales start failing.
    </p>
  );
}
