"use client";

import { Money } from "@/components/ui/money";
import { selectionTotals, unpaidNotices } from "@/lib/kinds/fines/selection";
import { payability } from "@/lib/kinds/fines/payability";
import type { FineRow } from "@/lib/kinds/fines/view";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { BackAndGo } from "./back-and-go";

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
 * The total and Pay stay at the foot of the screen however long the list is: the list scrolls
 * above them (never under them). On a phone's 390 px a row's amount goes under its words.
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
    <div className="mx-auto flex min-h-0 w-full max-w-4xl flex-1 flex-col gap-3 sm:gap-4">
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
      <ul className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto" data-testid="kiosk-fines">
        {fines.map((f) => {
          const p = payability(f);
          return (
            <li key={f.noticeNumber} data-notice={f.noticeNumber} data-payable={p.payable}>
              <label
                className={`flex flex-wrap items-center gap-x-5 gap-y-2 rounded-2xl p-3 sm:p-4 ${p.payable ? "bg-slate-700" : "bg-slate-800 text-slate-300"}`}
              >
                {p.payable ? (
                  <input
                    type="checkbox"
                    checked={selected.has(f.noticeNumber)}
                    onChange={(e) => toggle(f.noticeNumber, e.target.checked)}
                    aria-describedby={`fine-${f.noticeNumber}`}
                    className="size-12 shrink-0 accent-emerald-500 sm:w-24"
                  />
                ) : (
                  <span className="w-20 shrink-0 text-center text-xl font-semibold sm:w-24">
                    {p.why === "paid" ? text.paid : text.notHere}
                  </span>
                )}
                <span
                  id={`fine-${f.noticeNumber}`}
                  className="flex min-w-[10rem] flex-1 flex-col [overflow-wrap:anywhere]"
                >
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
                <Money cents={f.grossCents} className="ml-auto text-3xl font-bold" />
              </label>
            </li>
          );
        })}
      </ul>
      <div
        className="flex flex-none flex-col gap-2 border-t border-slate-700 pt-3"
        data-testid="kiosk-pay-bar"
      >
        <p aria-live="polite" className="text-right text-3xl sm:text-4xl">
          {text.total}{" "}
          <strong>
            <Money cents={totals.grossCents} data-testid="kiosk-total" />
          </strong>
        </p>
        <p
          role={error ? "alert" : undefined}
          aria-live="assertive"
          className="text-2xl text-red-300 sm:min-h-8"
        >
          {error}
        </p>
        <BackAndGo
          back={text.done}
          onBack={onDone}
          go={text.pay}
          onGo={onPay}
          busy={busy}
          ready={totals.count > 0}
          compact
        />
      </div>
    </div>
  );
}
