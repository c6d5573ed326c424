"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { DENOMINATIONS } from "@/lib/reports/denominations";
import { formatRand } from "@/lib/money";
import { closeShiftAction } from "../actions";

type Counts = Record<string, string>;

const blank = (): Counts => Object.fromEntries(DENOMINATIONS.map((d) => [String(d.cents), ""]));

function total(counts: Counts): number {
  return DENOMINATIONS.reduce((sum, d) => {
    const n = Number(counts[String(d.cents)] || 0);
    return sum + (Number.isInteger(n) && n >= 0 ? n * d.cents : 0);
  }, 0);
}

/** The cashier counts the drawer note by note and coin by coin; Enter moves to the next field. */
export function CloseShiftForm() {
  const router = useRouter();
  const [counts, setCounts] = useState<Counts>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await closeShiftAction({ counts });
    setBusy(false);
    if (!result.ok) {
      const fields: Record<string, string> = {};
      for (const [key, message] of Object.entries(result.fieldErrors ?? {})) fields[key.replace(/^counts\./, "")] = message;
      setErrors(fields);
      setFormError(result.error);
      return;
    }
    router.push(`/shift/z/${result.data.shiftId}`);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== "Enter" || index === DENOMINATIONS.length - 1) return;
    event.preventDefault();
    document.getElementById(`count-${DENOMINATIONS[index + 1]!.cents}`)?.focus();
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-lg flex-col gap-3 rounded-xl bg-white p-6 shadow">
      <h1 className="text-2xl font-semibold">Close the shift</h1>
      <p className="text-slate-700">Count the cash in the drawer: how many of each note and coin.</p>
      <div className="grid grid-cols-2 gap-x-6 gap-y-2">
        {DENOMINATIONS.map((d, i) => {
          const key = String(d.cents);
          return (
            <div key={key} className="flex items-center justify-between gap-2">
              <label htmlFor={`count-${key}`} className="w-14 font-medium">
                {d.label}
              </label>
              <input
                id={`count-${key}`}
                inputMode="numeric"
                autoFocus={i === 0}
                value={counts[key]}
                onChange={(e) => setCounts({ ...counts, [key]: e.target.value })}
                onKeyDown={(e) => onKeyDown(e, i)}
                aria-invalid={errors[key] ? true : undefined}
                aria-describedby={errors[key] ? `count-${key}-error` : undefined}
                className="w-24 rounded border border-slate-400 px-2 py-1 text-right text-lg"
              />
              {errors[key] && (
                <span id={`count-${key}-error`} className="sr-only">
                  {errors[key]}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p className="text-lg">
        Counted: <strong data-testid="counted-total">{formatRand(total(counts))}</strong>
      </p>
      <p aria-live="polite" role="status" className="min-h-6 text-danger">
        {formError && Object.keys(errors).length > 0 ? `${formError} ${Object.values(errors)[0]}` : formError}
      </p>
      <button type="submit" disabled={busy} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
        Close shift
      </button>
    </form>
  );
}
