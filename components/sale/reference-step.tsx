"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FieldError, Labelled, inputClass } from "./fields";
import { rememberChoice } from "./remember-choice";

export interface ReferenceValues {
  number: string;
  municipality: string;
}

interface Props {
  heading: string;
  /** "meterNumber" or "accountNumber": the input's id and the key of its error. */
  field: string;
  label: string;
  confirmLabel: string;
  municipalities: readonly { value: string; name: string }[];
  /** Cookie that remembers the last municipality used at this browser. */
  cookie: string;
  register: UseFormRegister<ReferenceValues>;
  errors: FieldErrors<ReferenceValues>;
  busy: boolean;
  /** Said under the municipality: the one that knew the number, when it was not the one chosen. */
  note?: string | null;
  /** A changed number or municipality voids the confirmed details. */
  onChanged: () => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** A scanner's Enter or Tab after the number (components/sale/use-scanner-keys.ts). */
  onNumberKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The first step of a municipal sale: a number (meter or account) and the municipality.
 * A barcode scanner types the digits and Enter into the number field, which confirms.
 */
export function ReferenceStep(p: Props) {
  const numberError = p.errors.number?.message;
  const municipalityError = p.errors.municipality?.message;
  return (
    <form
      noValidate
      onSubmit={p.onSubmit}
      className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-4 shadow"
    >
      <h1 className="text-2xl font-semibold">{p.heading}</h1>
      <Labelled id={p.field} label={p.label}>
        <input
          id={p.field}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          {...p.register("number", { onChange: p.onChanged })}
          onKeyDown={p.onNumberKeyDown}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={`${p.field}-error`}
          className={`${inputClass} font-mono`}
        />
        <FieldError id={`${p.field}-error`} message={numberError} />
      </Labelled>
      <Labelled id="municipality" label="Municipality">
        <select
          id="municipality"
          {...p.register("municipality", {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
              p.onChanged();
              if (e.target.value) rememberChoice(p.cookie, e.target.value);
            },
          })}
          // Typing letters picks a municipality (the browser's type-ahead); Enter confirms
          // instead of opening the list.
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={municipalityError ? true : undefined}
          aria-describedby="municipality-error"
          className={inputClass}
        >
          <option value="">Choose…</option>
          {p.municipalities.map((m) => (
            <option key={m.value} value={m.value}>
              {m.name}
            </option>
          ))}
        </select>
        <FieldError id="municipality-error" message={municipalityError} />
        <p role="status" data-testid="municipality-note" className="text-sm font-medium">
          {p.note}
        </p>
      </Labelled>
      <button
        type="submit"
        disabled={p.busy}
        className="min-h-11 self-start rounded-lg bg-brand px-5 py-2 text-lg font-semibold text-white disabled:opacity-60"
      >
        {p.busy ? "Confirming…" : p.confirmLabel}
      </button>
    </form>
  );
}
