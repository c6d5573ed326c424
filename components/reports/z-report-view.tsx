import type { ZReport } from "@/lib/shifts/report";
import { zReportMeta } from "@/lib/reports/report-meta";
import { ShiftReportView } from "./shift-report-view";
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
  const meta = zReportMeta(z, reprint);
  return roll ? (
    <ShiftReportReceipt report={z} meta={meta} paperWidthMm={roll.paperWidthMm} />
  ) : (
    <ShiftReportView report={z} meta={meta} />
  );
}
