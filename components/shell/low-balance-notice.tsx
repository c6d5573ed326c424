import { formatRand } from "@/lib/money";
import { isLow, isLowBalance, type BalanceView } from "@/lib/office/balance-view";

/** The low-float warning itself, for the server's first render and the till's live one. */
export function LowBalanceNotice({ view }: { view: BalanceView }) {
  if (!isLow(view)) return null;
  const low = isLowBalance(view);
  return (
    <p
      role="status"
      data-testid="low-balance-warning"
      className="rounded border border-warn bg-amber-50 p-3 text-amber-900"
    >
      <strong>{low ? "Merchant balance is low:" : "The merchant balance runs out soon:"}</strong>{" "}
      {formatRand(view.balanceCents!)} left
      {low && <> (warning below {formatRand(view.thresholdCents)})</>}
      {view.shortRunway && (
        <span data-testid="runway-warning">, enough for {view.shortRunway}</span>
      )}
      . Top up the merchant account before sales start failing.
    </p>
  );
}
