import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow } from "@/lib/shifts/report";
import { xReportMeta } from "@/lib/reports/report-meta";
import { ShiftReportView } from "@/components/reports/shift-report-view";
import { ShiftReportReceipt } from "@/components/reports/shift-report-receipt";
import { reportLayoutOf } from "@/components/reports/layout-switch";
import { ReportActions, ReportLink } from "@/components/reports/report-actions";

export const metadata: Metadata = { title: "X report" };

/**
 * The X report of the cashier's own open shift: the figures so far, without closing it, and
 * without the expected cash (the cash-up is blind: it appears on the Z report after the count).
 * ?layout=roll for the till's roll.
 */
export default async function XReportPage({
  searchParams,
}: {
  searchParams: Promise<{ layout?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const layout = reportLayoutOf((await searchParams).layout);
  const shift = await currentShift(staff);
  if (!shift) return <p>You have no shift open at {staff.till.name}.</p>;
  const [view, report] = await Promise.all([findShift(shift.id), shiftReportNow(shift)]);
  const meta = xReportMeta(view, shift, staff.till.name);
  return (
    <div className="flex flex-col gap-4">
      {layout === "roll" ? (
        <ShiftReportReceipt report={report} meta={meta} paperWidthMm={staff.till.paperWidthMm} />
      ) : (
        <ShiftReportView report={report} meta={meta} />
      )}
      <ReportActions
        connection={staff.till.printerConnection}
        shiftId="current"
        reprint={false}
        layoutPath="/shift/x"
        layout={layout}
      >
        <ReportLink href="/shift/cash">Cash drop or pay-out</ReportLink>
        <ReportLink href="/shift/close">Close shift</ReportLink>
      </ReportActions>
    </div>
  );
}
