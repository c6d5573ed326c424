"use client";

import { formatRand } from "@/lib/money";
import { selectionTotals, unpaidNotices } from "@/lib/fines/selection";
import type { FineRow } from "@/lib/fines/view";

interface Props {
  fines: FineRow[];
  selected: ReadonlySet<string>;
  error: string | null;
  busy: boolean;
  onSelect(selected: Set<string>): void;
  onPay(): void;
  onDone(): void;
}

/** The customer's fines as large touch rows; paid ones are shown but cannot be chosen. */
export function FinePicker({ fines, selected, error, busy, onSelect, onPay, onDone }: Props) {
  const totals = selectionTotals(fines, selected);
  const unpaid = unpaidNotices(fines);
  const toggle = (notice: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(notice);
    else next.delete(notice);
    onSelect(next);
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <h1 className="text-4xl font-bold">Your traffic fines</h1>
      {unpaid.length === 0 && <p role="status" className="text-3xl">You have no unpaid fines. Thank you!</p>}
      {unpaid.length > 1 && (
        <button type="button" onClick={() => onSelect(new Set(unpaid))} className="self-start rounded-2xl bg-slate-600 px-8 py-4 text-2xl">
          Select all unpaid fines
        </button>
      )}
      <ul className="flex flex-col gap-3">
        {fines.map((f) => (
          <li key={f.noticeNumber} data-notice={f.noticeNumber}>
            <label className={`flex items-center gap-5 rounded-2xl p-5 ${f.isPaid ? "bg-slate-800 text-slate-400" : "bg-slate-700"}`}>
              {f.isPaid ? (
                <span className="w-24 text-center text-xl font-semibold">Paid</span>
              ) : (
                <input type="checkbox" checked={selected.has(f.noticeNumber)} onChange={(e) => toggle(f.noticeNumber, e.target.checked)} className="size-12 w-24 accent-emerald-500" />
              )}
              <span className="flex flex-1 flex-col">
                <span className="text-2xl font-semibold">{f.charge}</span>
                <span className="text-xl">
                  Notice <span className="font-mono">{f.noticeNumber}</span> · {f.date ?? ""} {f.time?.slice(0, 5) ?? ""}
                </span>
                <span className="text-lg text-slate-300">{f.place}</span>
              </span>
              <span className="text-3xl font-bold whitespace-nowrap">{formatRand(f.grossCents)}</span>
            </label>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="text-right text-4xl">
        Total <strong data-testid="kiosk-total">{formatRand(totals.grossCents)}</strong>
      </p>
      <p role={error ? "alert" : undefined} aria-live="assertive" className="min-h-10 text-2xl text-red-300">
        {error}
      </p>
      <div className="flex gap-4">
        <button type="button" onClick={onDone} className="flex-1 rounded-2xl bg-slate-600 py-6 text-3xl">
          Done
        </button>
        <button type="button" onClick={onPay} disabled={busy || totals.count === 0} aria-busy={busy} className="flex-[2] rounded-2xl bg-brand py-6 text-3xl font-semibold disabled:opacity-50">
          Pay by card
        </button>
      </div>
    </div>
  );
}
