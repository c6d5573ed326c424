import type { ZReport } from "@/lib/shifts/report";
import { ShiftReportView, type ReportMeta } from "./shift-report-view";
import { ShiftReportReceipt } from "./shift-report-receipt";

/** A Z report exactly as stored at close, on the page or on the till's roll. */
export function ZReportView({
  z,
  reprint = false,
  roll,
}: {
  z: ZReport;
  reprint?: boolean;
  roll?: { paperWidthMm: number };
}) {
  const meta: ReportMeta = {
    title: `Z report No. ${z.zNumber}`,
    tillName: z.tillName,
    openedBy: z.openedBy,
    openedAt: new Date(z.openedAt),
    closedAt: new Date(z.closedAt),
    closedBy: z.closedBy,
    denominations: z.denominations,
    reprint,
  };
  return roll ? (
    <ShiftReportReceipt report={z} meta={meta} paperWidthMm={roll.paperWidthMm} />
  ) : (
    <ShiftReportView report={z} meta={meta} />
  );
}
