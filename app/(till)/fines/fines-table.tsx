"use client";

import { formatRand } from "@/lib/money";
import type { FineRow } from "@/lib/fines/view";
import { unpaidNotices } from "@/lib/fines/selection";
import { payability } from "@/lib/fines/payability";

interface Props {
  fines: FineRow[];
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
}

export function when(f: Pick<FineRow, "date" | "time">): string {
  return [f.date, f.time?.slice(0, 5)].filter(Boolean).join(" ") || "Not given";
}

/** The infringements with a checkbox per unpaid fine and one for all of them; Space toggles, Tab moves. */
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
            <input
              type="checkbox"
              aria-label="Select all unpaid fines"
              checked={allChosen}
              disabled={unpaid.length === 0}
              onChange={(e) => onChange(new Set(e.target.checked ? unpaid : []))}
              className="size-5"
            />
          </th>
          <th scope="col" className="p-2">
            Notice number
          </th>
          <th scope="col" className="p-2">
            Vehicle
          </th>
          <th scope="col" className="p-2">
            Date and time
          </th>
          <th scope="col" className="p-2">
            Place
          </th>
          <th scope="col" className="p-2">
            Charge
          </th>
          <th scope="col" className="p-2 text-right">
            Net fine
          </th>
          <th scope="col" className="p-2 text-right">
            Vendor fee
          </th>
          <th scope="col" className="p-2 text-right">
            Gross amount
          </th>
          <th scope="col" className="p-2">
            Status
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
                  <input
                    type="checkbox"
                    aria-label={`Select notice ${f.noticeNumber}`}
                    checked={selected.has(f.noticeNumber)}
                    onChange={(e) => toggle(f.noticeNumber, e.target.checked)}
                    className="size-5"
                  />
                )}
              </td>
              <td data-label="Notice number" className="p-2 font-mono">
                {f.noticeNumber}
              </td>
              <td data-label="Vehicle" className="p-2 font-mono" data-testid="fine-vehicle">
                {f.vehicle || "Not given"}
              </td>
              <td data-label="Date and time" className="p-2 whitespace-nowrap">
                {when(f)}
              </td>
              <td data-label="Place" className="p-2">
                {f.place || "Not given"}
              </td>
              <td data-label="Charge" className="p-2">
                {f.charge}
                {f.demeritPoints != null && (
                  <span className="block text-slate-600">{f.demeritPoints} demerit points</span>
                )}
              </td>
              <td data-label="Net fine" className="p-2 text-right whitespace-nowrap">
                {formatRand(f.netCents)}
              </td>
              <td data-label="Vendor fee" className="p-2 text-right whitespace-nowrap">
                {formatRand(f.vendorFeeCents)}
              </td>
              <td
                data-label="Gross amount"
                className="p-2 text-right font-semibold whitespace-nowrap"
              >
                {formatRand(f.grossCents)}
              </td>
              <td data-label="Status" className="p-2">
                {f.isPaid ? (
                  <span className="text-slate-600">Paid</span>
                ) : p.payable ? (
                  <span className="font-semibold text-warn">Unpaid</span>
                ) : (
                  <span className="font-semibold text-danger" data-testid="fine-not-payable">
                    Unpaid, cannot be paid here: {p.reason}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
