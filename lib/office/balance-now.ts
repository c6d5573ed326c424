import "server-only";
import { runwayNow } from "@/lib/runway/runway-now";
import { cachedMerchantBalance } from "./balance-cache";
import { lowBalanceThreshold } from "./settings";
import { formatRunway, type BalanceView } from "./balance-view";

/**
 * The balance (cached a minute, so a page view or a poll rarely calls upstream), its warning
 * threshold, and the float's runway at the shop's pace with the hours below which it warns.
 */
export async function balanceNow(): Promise<BalanceView> {
  const [balanceCents, threshold] = await Promise.all([
    cachedMerchantBalance(),
    lowBalanceThreshold(),
  ]);
  if (balanceCents === null) return { balanceCents, thresholdCents: threshold.cents };
  const runway = await runwayNow(balanceCents);
  const hours = runway.forecast.runwayHours;
  return {
    balanceCents,
    thresholdCents: threshold.cents,
    shortRunway:
      runway.short && hours !== null
        ? `${formatRunway(hours)} at this shop's pace${runway.forecast.confidence === "rough" ? " (a rough guess: little history yet)" : ""}`
        : null,
  };
}
