"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { DENOMINATIONS } from "@/lib/reports/denominations";

type WithCounts = { counts: Partial<Record<string, string>> };

/** One field per note and coin; Enter moves to the next. Shared by the cashier's close and the supervisor's force-close. */
export function CountFields<T extends WithCounts>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const reg = register as unknown as UseFormRegister<WithCounts>;
  const countErrors = (errors as FieldErrors<WithCounts>).counts as
    Record<string, { message?: string } | undefined> | undefined;
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== "Enter" || index === DENOMINATIONS.length - 1) return;
    event.preventDefault();
    document.getElementById(`count-${DENOMINATIONS[index + 1]!.cents}`)?.focus();
  }
  return (
    <div className="grid grid-cols-2 gap-x-6 gap-y-2">
      {DENOMINATIONS.map((d, i) => {
        const key = String(d.cents);
        const message = countErrors?.[key]?.message;
        return (
          <div key={key} className="flex items-center justify-between gap-2">
            <label htmlFor={`count-${key}`} className="w-14 font-medium">
              {d.label}
            </label>
            <input
              id={`count-${key}`}
              inputMode="numeric"
              autoFocus={i === 0}
              {...reg(`counts.${key}`)}
              onKeyDown={(e) => onKeyDown(e, i)}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `count-${key}-error` : undefined}
              className="min-h-11 w-24 rounded border border-slate-400 px-2 py-1 text-right text-lg"
            />
            {message && (
              <span id={`count-${key}-error`} className="sr-only">
                {message}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The counted total as typed so far (the expected cash is never shown before the count is submitted). */
export function countedCents(counts: Partial<Record<string, string>> | undefined): number {
  return DENOMINATIONS.reduce((sum, d) => {
    const n = Number(counts?.[String(d.cents)] || 0);
    return sum + (Number.isInteger(n) && n >= 0 ? n * d.cents : 0);
  }, 0);
}

export const blankCounts = (): Record<string, string> =>
  Object.fromEntries(DENOMINATIONS.map((d) => [String(d.cents), ""]));
