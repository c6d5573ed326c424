"use client";

import { useId, useLayoutEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { changeDue, tenderedKeys } from "@/lib/cash/change";
import { formatRand, parseRandInput, type Cents } from "@/lib/money";

export interface CashTenderedProps {
  amountCents: Cents | null;
  /** Enter in the field: counted, on to the sale's own button (Enter never submits a form here). */
  onEnter?: () => void;
}

/**
 * Cash tendered and change due for a cash sale, beside Purchase. It only helps the
 * cashier count: nothing of it is sent or stored. A note key fills the amount tendered.
 * Loaded when a sale first needs it (cash-tendered.tsx).
 */
export default function CashCount({ amountCents, onEnter }: CashTenderedProps) {
  const id = useId();
  // Its own small form, never submitted: the amount typed or filled by a note key.
  const { register, setValue, control } = useForm({ defaultValues: { tendered: "" } });
  const text = useWatch({ control, name: "tendered" });
  // Loaded after the form moved on (a slow till): it appears above what has the focus, often
  // Purchase, and would push it off a phone's screen. Kept in view, before the frame paints.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body)
      focused.scrollIntoView({ block: "nearest" });
  }, []);
  if (amountCents === null || amountCents <= 0) return null;
  const tendered = text.trim() === "" ? null : parseRandInput(text);
  const change = tendered === null ? null : changeDue(amountCents, tendered);
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-3"
      data-testid="cash-tendered"
    >
      <legend className="px-1 font-medium">Cash</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-tendered`} className="flex flex-col gap-1">
          <span>Cash tendered (R)</span>
          <input
            id={`${id}-tendered`}
            {...register("tendered")}
            // Counting is not buying: Enter here never submits the sale form around it.
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              onEnter?.();
            }}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={`${id}-change`}
            className="min-h-11 w-28 rounded border border-slate-400 px-3 py-2 font-mono"
          />
        </label>
        <div role="group" aria-label="Notes tendered" className="flex flex-wrap gap-2">
          {tenderedKeys(amountCents).map((cents) => (
            <button
              key={cents}
              type="button"
              onClick={() => setValue("tendered", String(cents / 100))}
              className="min-h-11 min-w-14 rounded-lg border border-slate-400 px-2 font-mono"
            >
              {cents === amountCents ? "Exact" : formatRand(cents).replace(/,00$/, "")}
            </button>
          ))}
        </div>
      </div>
      <p
        id={`${id}-change`}
        aria-live="polite"
        className="text-2xl font-bold"
        data-testid="change-due"
      >
        {change === null
          ? tendered === null && text.trim() !== ""
            ? "Enter the amount in rand."
            : ""
          : change.enough
            ? `Change due ${formatRand(change.changeCents)}`
            : `Still to pay ${formatRand(change.shortCents)}`}
      </p>
    </fieldset>
  );
}
