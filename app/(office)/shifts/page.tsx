import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { listShifts } from "@/lib/shifts/list";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { varianceText } from "@/components/reports/variance";

export const metadata: Metadata = { title: "Shifts" };
export const dynamic = "force-dynamic";

/** Every shift, open or closed, with its Z report once closed. */
export default async function ShiftsPage() {
  await requirePageRole("supervisor");
  const rows = await listShifts();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Shifts and Z reports</h1>
      <table className="stack-cards w-full text-left" aria-label="Shifts">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col">Till</th>
            <th scope="col">Opened by</th>
            <th scope="col">Opened</th>
            <th scope="col">Closed</th>
            <th scope="col" className="text-right">
              Float
            </th>
            <th scope="col" className="text-right">
              Expected cash
            </th>
            <th scope="col" className="text-right">
              Counted
            </th>
            <th scope="col" className="text-right">
              Variance
            </th>
            <th scope="col">Report</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ shift, tillName, openedBy }) => {
            const variance =
              shift.countedCashCents !== null && shift.expectedCashCents !== null
                ? shift.countedCashCents - shift.expectedCashCents
                : null;
            return (
              <tr key={shift.id} className="border-b border-slate-200">
                <td data-label="Till">{tillName}</td>
                <td data-label="Opened by">{openedBy}</td>
                <td data-label="Opened">{formatSaDateTime(shift.openedAt)}</td>
                <td data-label="Closed">
                  {shift.closedAt ? formatSaDateTime(shift.closedAt) : "Still open"}
                </td>
                <td data-label="Float" className="text-right font-mono">
                  {formatRand(shift.openingFloatCents)}
                </td>
                <td data-label="Expected cash" className="text-right font-mono">
                  {shift.expectedCashCents === null ? "—" : formatRand(shift.expectedCashCents)}
                </td>
                <td data-label="Counted" className="text-right font-mono">
                  {shift.countedCashCents === null ? "—" : formatRand(shift.countedCashCents)}
                </td>
                <td
                  data-label="Variance"
                  data-testid="shift-variance"
                  className={`text-right font-mono ${variance !== null && variance < 0 ? "text-danger" : ""}`}
                >
                  {variance === null ? "—" : varianceText(variance)}
                </td>
                <td>
                  <Link href={`/shifts/${shift.id}`} className="underline">
                    {shift.zNumber === null
                      ? `X report (${tillName})`
                      : `Z report No. ${shift.zNumber}`}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
