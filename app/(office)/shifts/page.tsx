import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { listShifts } from "@/lib/shifts/list";
import { formatSaDateTime } from "@/lib/reports/day";
import { varianceText } from "@/components/reports/variance";
import { DataTable, MoneyCell, TableHead, end } from "@/components/ui/table";

export const metadata: Metadata = { title: "Shifts" };
export const dynamic = "force-dynamic";

/** Every shift, open or closed, with its Z report once closed. */
export default async function ShiftsPage() {
  await requirePageRole("supervisor");
  const rows = await listShifts();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Shifts and Z reports</h1>
      <DataTable label="Shifts" stack>
        <TableHead
          columns={[
            "Till",
            "Opened by",
            "Opened",
            "Closed",
            end("Float"),
            end("Expected cash"),
            end("Counted"),
            end("Variance"),
            "Report",
          ]}
        />
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
                <MoneyCell label="Float" cents={shift.openingFloatCents} />
                <MoneyCell label="Expected cash" cents={shift.expectedCashCents} />
                <MoneyCell label="Counted" cents={shift.countedCashCents} />
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
      </DataTable>
    </div>
  );
}
