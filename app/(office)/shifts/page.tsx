import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { listShifts } from "@/lib/shifts/list";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";

export const metadata: Metadata = { title: "Shifts" };
export const dynamic = "force-dynamic";

/** Every shift, open or closed, with its Z report once closed. */
export default async function ShiftsPage() {
  await requirePageRole("supervisor");
  const rows = await listShifts();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Shifts and Z reports</h1>
      <table className="w-full text-left" aria-label="Shifts">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col">Till</th>
            <th scope="col">Opened by</th>
            <th scope="col">Opened</th>
            <th scope="col">Closed</th>
            <th scope="col" className="text-right">Float</th>
            <th scope="col" className="text-right">Expected cash</th>
            <th scope="col" className="text-right">Counted</th>
            <th scope="col">Report</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ shift, tillName, openedBy }) => (
            <tr key={shift.id} className="border-b border-slate-200">
              <td>{tillName}</td>
              <td>{openedBy}</td>
              <td>{formatSaDateTime(shift.openedAt)}</td>
              <td>{shift.closedAt ? formatSaDateTime(shift.closedAt) : "open"}</td>
              <td className="text-right font-mono">{formatRand(shift.openingFloatCents)}</td>
              <td className="text-right font-mono">{shift.expectedCashCents === null ? "—" : formatRand(shift.expectedCashCents)}</td>
              <td className="text-right font-mono">{shift.countedCashCents === null ? "—" : formatRand(shift.countedCashCents)}</td>
              <td>
                <Link href={`/shifts/${shift.id}`} className="underline">
                  {shift.zNumber === null ? `X report (${tillName})` : `Z report No. ${shift.zNumber}`}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
