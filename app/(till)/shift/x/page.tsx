import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow } from "@/lib/shifts/report";
import { ShiftReportView } from "@/components/reports/shift-report-view";
import { PrintButton } from "@/components/reports/print-button";

export const metadata: Metadata = { title: "X report" };

/**
 * The X report of the cashier's own open shift: the figures so far, without closing it, and
 * without the expected cash (the cash-up is blind: it appears on the Z report after the count).
 */
export default async function XReportPage() {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  if (!shift) return <p>You have no shift open at {staff.till.name}.</p>;
  const [view, report] = await Promise.all([findShift(shift.id), shiftReportNow(shift)]);
  return (
    <div className="flex flex-col gap-4">
      <ShiftReportView
        report={report}
        meta={{ title: "X report", tillName: view?.tillName ?? staff.till.name, openedBy: view?.openedBy ?? "", openedAt: shift.openedAt, blind: true }}
      />
      <div className="no-print flex gap-3">
        <PrintButton />
        <Link href="/shift/close" className="rounded-lg border border-slate-400 px-4 py-2">Close shift</Link>
        <Link href="/till" className="rounded-lg border border-slate-400 px-4 py-2">Back to the till</Link>
      </div>
    </div>
  );
}
