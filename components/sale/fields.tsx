"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { formatRand } from "@/lib/money";

/** The message under a field: announced as it appears, linked by aria-describedby. It takes no room while empty, so a till screen of 768 px keeps Purchase in view. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  return (
    <p id={id} aria-live="polite" className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}

/** A field's label above its control, and whatever goes under it (quick picks, the message). */
export function Labelled({
  id,
  label,
  children,
}: {
  /** The control's id: the label points at it. */
  id: string;
  label: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

export const inputClass =
  "min-h-11 rounded border border-slate-400 px-3 py-2 text-lg aria-[invalid=true]:border-danger";

interface AmountFieldProps {
  registration: UseFormRegisterReturn<"amount">;
  error?: string | null;
  quickCents: readonly number[];
  onQuick: (cents: number) => void;
  disabled?: boolean;
}

/** "Amount" in rand with quick-amount buttons; the check against the range happens on submit. */
export function AmountField({
  registration,
  error,
  quickCents,
  onQuick,
  disabled,
}: AmountFieldProps) {
  return (
    <Labelled id="amount" label="Amount">
      <input
        id="amount"
        inputMode="decimal"
        autoComplete="off"
        readOnly={disabled}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby="amount-error"
        className={inputClass}
      />
      {quickCents.length > 0 && (
        <div role="group" aria-label="Quick picks" className="flex flex-wrap gap-2">
          {quickCents.map((c) => (
            <button
              key={c}
              type="button"
              disabled={disabled}
              onClick={() => onQuick(c)}
              className="min-h-11 min-w-11 rounded border border-brand px-3 py-1 text-brand"
            >
              {formatRand(c)}
            </button>
          ))}
        </div>
      )}
      <FieldError id="amount-error" message={error} />
    </Labelled>
  );
}

/** "Payment method": cash or card (the card goes through the hosted checkout). */
export function MethodField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<"method">;
  error?: string;
}) {
  return (
    <Labelled id="method" label="Payment method">
      <select
        id="method"
        {...registration}
        // Arrows choose cash or card; Enter buys (docs/guide.md's "Payment method", Enter) instead
        // of opening the list.
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          e.currentTarget.form?.requestSubmit();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby="method-error"
        className={inputClass}
      >
        <option value="cash">Cash</option>
        <option value="card">Card</option>
      </select>
      <FieldError id="method-error" message={error} />
    </Labelled>
  );
}
