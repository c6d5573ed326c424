"use client";

import { useRef } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CashTendered } from "@/components/cash/cash-tendered";
import { FieldError } from "@/components/sale/fields";
import { formatRand } from "@/lib/money";
import type { SelectionTotals } from "@/lib/kinds/fines/selection";

interface Props {
  totals: SelectionTotals;
  method: "cash" | "card";
  /** The form's method field: the two radio buttons. */
  methodField: UseFormRegisterReturn<"method">;
  busy: boolean;
  /** The form's own refusal of the choice (the shared schema's message). */
  error?: string;
  /** The sale's answer next to Pay (refusal, duplicate question), id "fines-pay-error". */
  notice: React.ReactNode;
  onPay(): void;
}

/** The running total of the selection, cash or card (with cash tendered and change due), and Pay. */
export function PayPanel({ totals, method, methodField, busy, error, notice, onPay }: Props) {
  const payButton = useRef<HTMLButtonElement>(null);
  return (
    // On a till the pay panel stands beside the notices. On a narrow screen it dissolves into
    // the list's column (`contents`): the method and cash tendered follow the notices, and the
    // total with Pay stays at the foot of the screen while the notices scroll.
    <div className="flex flex-col gap-3 max-lg:contents lg:rounded-xl lg:bg-white lg:p-4 lg:shadow">
      <div className="flex flex-col gap-3 max-lg:rounded-xl max-lg:bg-white max-lg:p-4 max-lg:shadow">
        {/* Arrows choose cash or card; Enter pays, as on every sale form. */}
        <fieldset
          className="flex gap-6"
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            if (!busy) onPay();
          }}
        >
          <legend className="mb-1 font-medium">Payment method</legend>
          {(["cash", "card"] as const).map((m) => (
            <label key={m} className="flex min-h-11 items-center gap-2 text-lg">
              <input type="radio" {...methodField} value={m} className="size-5" />
              {m === "cash" ? "Cash" : "Card"}
            </label>
          ))}
        </fieldset>
        {method === "cash" && (
          <CashTendered
            amountCents={totals.grossCents}
            onEnter={() => payButton.current?.focus()}
          />
        )}
      </div>
      <div className="flex flex-col gap-2 max-lg:sticky max-lg:bottom-0 max-lg:rounded-xl max-lg:bg-white max-lg:p-3 max-lg:shadow-[0_-4px_12px_rgb(0_0_0/0.15)]">
        <p aria-live="polite">
          <span data-testid="fines-selected-count">{totals.count}</span> selected · fines{" "}
          {formatRand(totals.netCents)} + fees {formatRand(totals.vendorFeeCents)}
          <strong className="block text-xl">
            Total to pay <span data-testid="fines-total">{formatRand(totals.grossCents)}</span>
          </strong>
        </p>
        <FieldError id="fines-choice-error" message={error} />
        {notice}
        <button
          ref={payButton}
          type="button"
          onClick={onPay}
          disabled={busy || totals.count === 0}
          aria-busy={busy}
          aria-describedby="fines-choice-error fines-pay-error"
          className="min-h-11 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white disabled:opacity-60"
        >
          Pay
        </button>
      </div>
    </div>
  );
}
