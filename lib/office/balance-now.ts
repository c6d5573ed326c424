import "server-only";
import { cachedMerchantBalance } from "./balance-cache";
import { lowBalanceThreshold } from "./settings";
import type { BalanceView } from "./balance-view";

/** The balance (cached a minute, so a page view or a poll rarely calls upstream) and its warning threshold. */
export async function balanceNow(): Promise<BalanceView> {
  const [balanceCents, threshold] = await Promise.all([
    cachedMerchantBalance(),
    lowBalanceThreshold(),
  ]);
  return { balanceCents, thresholdCents: threshold.cents };
}
