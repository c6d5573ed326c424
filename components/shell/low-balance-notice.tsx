import { formatRand } from "@/lib/money";
import { isLow, type BalanceView } from "@/lib/office/balance-view";

/** The low-balance warning itself, for the server's first render and the till's live one. */
export function LowBalanceNotice({ view }: { view: BalanceView }) {
  if (!isLow(view)) return null;
  return (
    <p
      role="status"
      data-testid="low-balance-warning"
      className="rounded border border-warn bg-amber-50 p-3 text-amber-900"
    >
      <strong>Merchant balance is low:</strong> {formatRand(view.balanceCents!)} left (warning below{" "}
      {formatRand(view.thresholdCents)}). Top up the merchant account before sales start failing.
    </p>
  );
}
