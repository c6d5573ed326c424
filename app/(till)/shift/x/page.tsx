import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow } from "@/lib/shifts/report";
import { ShiftReportView } from "@/components/reports/shift-report-view";
import { PrintButton } from "@/components/reports/print-button";

export const metadata: Metadata = { title: "X report" };

/** The X report: the shift's figures so far, without closing it. */
export default async function XReportPage() {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  if (!shift) return <p>No shift is open at {staff.till.name}.</p>;
  const [view, report] = await Promise.all([findShift(shift.id), shiftReportNow(shift)]);
  return (
    <div className="flex flex-col gap-4">
      <ShiftReportView
        report={report}
        meta={{ title: "X report", tillName: view?.tillName ?? staff.till.name, openedBy: view?.openedBy ?? "", openedAt: shift.openedAt }}
      />
      <div className="no-print flex gap-3">
        <PrintButton />
        <Link href="/shift/close" className="rounded-lg border border-slate-400 px-4 py-2">Close shift</Link>
        <Link href="/till" className="rounded-lg border border-slate-400 px-4 py-2">Back to the till</Link>
      </div>
    </div>
  );
}
