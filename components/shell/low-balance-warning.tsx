import "server-only";
import { balanceNow } from "@/lib/office/balance-now";
import { LowBalanceNotice } from "./low-balance-notice";

/**
 * Warns cashiers and supervisors while the merchant's credit is below the threshold, before
 * sales start failing. The balance is cached for a minute so a page view rarely calls upstream.
 */
export async function LowBalanceWarning() {
  return <LowBalanceNotice view={await balanceNow()} />;
}
