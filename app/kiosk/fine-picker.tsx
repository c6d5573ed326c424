"use client";

import { formatRand } from "@/lib/money";
import { selectionTotals, unpaidNotices } from "@/lib/fines/selection";
import { payability } from "@/lib/fines/payability";
import type { FineRow } from "@/lib/fines/view";
import type { KioskText } from "@/lib/i18n/kiosk-text";

interface Props {
  fines: FineRow[];
  text: KioskText["fines"];
  selected: ReadonlySet<string>;
  error: string | null;
  busy: boolean;
  onSelect(selected: Set<string>): void;
  onPay(): void;
  onDone(): void;
}

/**
 * The customer's fines as large touch rows. Paid fines, and those the registry will not
 * take here (court case, partly paid), are shown with the reason but cannot be chosen.
 * The total and Pay stay at the foot of the screen however long the list is.
 */
export function FinePicker({ fines, text, selected, error, busy, onSelect, onPay, onDone }: Props) {
  const totals = selectionTotals(fines, selected);
  const payable = unpaidNotices(fines);
  const toggle = (notice: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(notice);
    else next.delete(notice);
    onSelect(next);
  };
  const reasonOf = (why: "court_case" | "partly_paid") =>
    why === "court_case" ? text.courtCase : text.partlyPaid;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 pb-4">
      <h1 className="text-4xl font-bold">{text.title}</h1>
      {payable.length === 0 && (
        <p role="status" className="text-3xl">
          {text.none}
        </p>
      )}
      {payable.length > 1 && (
        <button
          type="button"
          onClick={() => onSelect(new Set(payable))}
          className="min-h-12 self-start rounded-2xl bg-slate-600 px-8 py-3 text-2xl"
        >
          {text.selectAll}
        </button>
      )}
      <ul className="flex flex-col gap-3">
        {fines.map((f) => {
          const p = payability(f);
          return (
            <li key={f.noticeNumber} data-notice={f.noticeNumber} data-payable={p.payable}>
              <label
                className={`flex items-center gap-5 rounded-2xl p-4 ${p.payable ? "bg-slate-700" : "bg-slate-800 text-slate-300"}`}
              >
                {p.payable ? (
                  <input
                    type="checkbox"
                    checked={selected.has(f.noticeNumber)}
                    onChange={(e) => toggle(f.noticeNumber, e.target.checked)}
                    aria-describedby={`fine-${f.noticeNumber}`}
                    className="size-12 w-24 shrink-0 accent-emerald-500"
                  />
                ) : (
                  <span className="w-24 shrink-0 text-center text-xl font-semibold">
                    {p.why === "paid" ? text.paid : text.notHere}
                  </span>
                )}
                <span id={`fine-${f.noticeNumber}`} className="flex min-w-0 flex-1 flex-col">
                  <span className="text-2xl font-semibold">{f.charge}</span>
                  <span className="text-xl">
                    {text.notice} <span className="font-mono">{f.noticeNumber}</span> ·{" "}
                    {f.date ?? ""} {f.time?.slice(0, 5) ?? ""}
                  </span>
                  {f.vehicle && (
                    <span className="text-xl">
                      {text.vehicle}{" "}
                      <span className="font-mono" data-testid="fine-vehicle">
                        {f.vehicle}
                      </span>
                    </span>
                  )}
                  <span className="text-lg text-slate-300">{f.place}</span>
                  {!p.payable && p.why !== "paid" && (
                    <span className="text-xl text-amber-200" data-testid="fine-not-payable">
                      {reasonOf(p.why)}
                    </span>
                  )}
                </span>
                <span className="text-3xl font-bold whitespace-nowrap">
                  {formatRand(f.grossCents)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <div className="sticky bottom-0 -mx-2 flex flex-col gap-2 bg-slate-900/95 px-2 pt-3 pb-2">
        <p aria-live="polite" className="text-right text-4xl">
          {text.total} <strong data-testid="kiosk-total">{formatRand(totals.grossCents)}</strong>
        </p>
        <p
          role={error ? "alert" : undefined}
          aria-live="assertive"
          className="min-h-8 text-2xl text-red-300"
        >
          {error}
        </p>
        <div className="flex gap-4">
          <button
            type="button"
            onClick={onDone}
            className="min-h-12 flex-1 rounded-2xl bg-slate-600 py-5 text-3xl"
          >
            {text.done}
          </button>
          <button
            type="button"
            onClick={onPay}
            disabled={busy || totals.count === 0}
            aria-busy={busy}
            className="min-h-12 flex-[2] rounded-2xl bg-brand py-5 text-3xl font-semibold disabled:opacity-50"
          >
            {text.pay}
          </button>
        </div>
      </div>
    </div>
  );
}
