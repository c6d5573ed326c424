"use client";

import { CashTendered } from "@/components/cash/cash-tendered";
import { formatRand } from "@/lib/money";
import type { SelectionTotals } from "@/lib/fines/selection";

interface Props {
  totals: SelectionTotals;
  method: "cash" | "card";
  busy: boolean;
  /** The sale's answer next to Pay (refusal, duplicate question), id "fines-pay-error". */
  notice: React.ReactNode;
  onMethod(method: "cash" | "card"): void;
  onPay(): void;
}

/** The running total of the selection, cash or card (with cash tendered and change due), and Pay. */
export function PayPanel({ totals, method, busy, notice, onMethod, onPay }: Props) {
  return (
    // Below the notices on a narrow screen, so it stays at the foot of the screen while they scroll.
    <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow max-lg:sticky max-lg:bottom-0 max-lg:shadow-lg">
      <p aria-live="polite">
        <span data-testid="fines-selected-count">{totals.count}</span> selected · fines{" "}
        {formatRand(totals.netCents)} + fees {formatRand(totals.vendorFeeCents)}
        <strong className="block text-xl">
          Total to pay <span data-testid="fines-total">{formatRand(totals.grossCents)}</span>
        </strong>
      </p>
      <fieldset className="flex gap-6">
        <legend className="mb-1 font-medium">Payment method</legend>
        {(["cash", "card"] as const).map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-2 text-lg">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => onMethod(m)}
              className="size-5"
            />
            {m === "cash" ? "Cash" : "Card"}
          </label>
        ))}
      </fieldset>
      {method === "cash" && <CashTendered amountCents={totals.grossCents} />}
      {notice}
      <button
        type="button"
        onClick={onPay}
        disabled={busy || totals.count === 0}
        aria-busy={busy}
        aria-describedby="fines-pay-error"
        className="min-h-11 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white disabled:opacity-60"
      >
        Pay
      </button>
    </div>
  );
}
