"use client";

import { formatRand } from "@/lib/money";
import type { FineRow } from "@/lib/kinds/fines/view";
import { unpaidNotices } from "@/lib/kinds/fines/selection";
import { payability } from "@/lib/kinds/fines/payability";

/** The checkbox's label is its touch target: 44 px square around a 24 px box. */
const TARGET = "flex size-11 cursor-pointer items-center justify-center";

interface Props {
  fines: FineRow[];
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
}

export function when(f: Pick<FineRow, "date" | "time">): string {
  return [f.date, f.time?.slice(0, 5)].filter(Boolean).join(" ") || "Not given";
}

/**
 * The infringements with a checkbox per unpaid fine and one for all of them; Space toggles,
 * Tab moves. Four columns (the vehicle under the notice, where and when under the charge, the
 * fine, fee and status under the amount) so that the table and Pay fit side by side on a
 * 1024 px till; stacked cards on a phone.
 */
export function FinesTable({ fines, selected, onChange }: Props) {
  const unpaid = unpaidNotices(fines);
  const allChosen = unpaid.length > 0 && unpaid.every((n) => selected.has(n));

  function toggle(notice: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(notice);
    else next.delete(notice);
    onChange(next);
  }

  return (
    <table className="stack-cards w-full border-collapse text-left text-sm">
      <caption className="sr-only">Infringements found</caption>
      <thead className="bg-slate-100">
        <tr>
          <th scope="col" className="p-2">
            <label className={TARGET}>
              <input
                type="checkbox"
                aria-label="Select all unpaid fines"
                checked={allChosen}
                disabled={unpaid.length === 0}
                onChange={(e) => onChange(new Set(e.target.checked ? unpaid : []))}
                className="size-6"
              />
            </label>
          </th>
          <th scope="col" className="p-2">
            Notice and vehicle
          </th>
          <th scope="col" className="p-2">
            Charge, date and place
          </th>
          <th scope="col" className="p-2 text-right">
            Amount and status
          </th>
        </tr>
      </thead>
      <tbody>
        {fines.map((f) => {
          const p = payability(f);
          return (
            <tr
              key={f.noticeNumber}
              data-notice={f.noticeNumber}
              data-payable={p.payable}
              className="border-b border-slate-200 align-top"
            >
              <td className="p-2">
                {!p.payable ? null : (
                  <label className={TARGET}>
                    <input
                      type="checkbox"
                      aria-label={`Select notice ${f.noticeNumber}`}
                      checked={selected.has(f.noticeNumber)}
                      onChange={(e) => toggle(f.noticeNumber, e.target.checked)}
                      className="size-6"
                    />
                  </label>
                )}
              </td>
              <td data-label="Notice" className="p-2">
                <div>
                  <span className="block font-mono">{f.noticeNumber}</span>
                  <span className="block font-mono text-slate-600" data-testid="fine-vehicle">
                    {f.vehicle || "Vehicle not given"}
                  </span>
                </div>
              </td>
              <td data-label="Charge" className="p-2">
                <div>
                  <span className="block">{f.charge}</span>
                  <span className="block text-slate-600">
                    {when(f)} · {f.place || "Place not given"}
                    {f.demeritPoints != null && ` · ${f.demeritPoints} demerit points`}
                  </span>
                </div>
              </td>
              <td data-label="Amount" className="p-2 text-right">
                <div>
                  <span className="block font-semibold whitespace-nowrap">
                    {formatRand(f.grossCents)}
                  </span>
                  <span className="block whitespace-nowrap text-slate-600">
                    fine {formatRand(f.netCents)} + fee {formatRand(f.vendorFeeCents)}
                  </span>
                  {f.isPaid ? (
                    <span className="block text-slate-600">Paid</span>
                  ) : p.payable ? (
                    <span className="block font-semibold text-warn">Unpaid</span>
                  ) : (
                    <span
                      className="block font-semibold text-danger"
                      data-testid="fine-not-payable"
                    >
                      Unpaid, cannot be paid here: {p.reason}
                    </span>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
