import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow } from "@/lib/shifts/report";
import { ShiftReportView, type ReportMeta } from "@/components/reports/shift-report-view";
import { ShiftReportReceipt } from "@/components/reports/shift-report-receipt";
import { LayoutSwitch, reportLayoutOf } from "@/components/reports/layout-switch";
import { PrintButton } from "@/components/reports/print-button";
import { TillPrint } from "@/components/printing/till-print";

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
  const meta: ReportMeta = {
    title: "X report",
    tillName: view?.tillName ?? staff.till.name,
    openedBy: view?.openedBy ?? "",
    openedAt: shift.openedAt,
    blind: true,
  };
  return (
    <div className="flex flex-col gap-4">
      {layout === "roll" ? (
        <ShiftReportReceipt report={report} meta={meta} paperWidthMm={staff.till.paperWidthMm} />
      ) : (
        <ShiftReportView report={report} meta={meta} />
      )}
      {/* Kept in view at the foot of the screen however long the report is. */}
      <div className="no-print sticky bottom-0 flex flex-wrap gap-3 bg-slate-50 py-2">
        {staff.till.printerConnection === "browser" ? (
          <PrintButton />
        ) : (
          <TillPrint
            connection={staff.till.printerConnection}
            target={{ shiftId: "current" }}
            reprint={false}
            printNow={false}
            handCopy={null}
          />
        )}
        <LayoutSwitch basePath="/shift/x" layout={layout} />
        <Link
          href="/shift/cash"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
        >
          Cash drop or pay-out
        </Link>
        <Link
          href="/shift/close"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
        >
          Close shift
        </Link>
        <Link
          href="/till"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
        >
          Back to the till
        </Link>
      </div>
    </div>
  );
}
