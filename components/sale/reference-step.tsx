"use client";

import { FieldError, inputClass } from "./fields";
import { rememberChoice } from "./use-sale-key";

interface Props {
  heading: string;
  /** "meterNumber" or "accountNumber": the field's name and the key of its error. */
  field: string;
  label: string;
  confirmLabel: string;
  value: string;
  municipality: string;
  municipalities: readonly { value: string; name: string }[];
  /** Cookie that remembers the last municipality used at this browser. */
  cookie: string;
  errors: Partial<Record<string, string>>;
  busy: boolean;
  onValue: (v: string) => void;
  onMunicipality: (v: string) => void;
  onConfirm: () => void;
}

/**
 * The first step of a municipal sale: a number (meter or account) and the municipality.
 * A barcode scanner types the digits and Enter into the number field, which confirms.
 */
export function ReferenceStep(p: Props) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        p.onConfirm();
      }}
      className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-6 shadow"
    >
      <h1 className="text-2xl font-semibold">{p.heading}</h1>
      <div className="flex flex-col gap-1">
        <label htmlFor={p.field} className="font-medium">
          {p.label}
        </label>
        <input
          id={p.field}
          name={p.field}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={p.value}
          onChange={(e) => p.onValue(e.target.value)}
          aria-invalid={p.errors[p.field] ? true : undefined}
          aria-describedby={`${p.field}-error`}
          className={`${inputClass} font-mono`}
        />
        <FieldError id={`${p.field}-error`} message={p.errors[p.field]} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="municipality" className="font-medium">
          Municipality
        </label>
        <select
          id="municipality"
          name="municipality"
          value={p.municipality}
          onChange={(e) => {
            p.onMunicipality(e.target.value);
            if (e.target.value) rememberChoice(p.cookie, e.target.value);
          }}
          aria-invalid={p.errors.municipality ? true : undefined}
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
        <FieldError id="municipality-error" message={p.errors.municipality} />
      </div>
      <button type="submit" disabled={p.busy} className="self-start rounded-lg bg-brand px-5 py-2 text-lg font-semibold text-white disabled:opacity-60">
        {p.busy ? "Confirming…" : p.confirmLabel}
      </button>
    </form>
  );
}
