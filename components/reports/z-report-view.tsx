import type { ZReport } from "@/lib/shifts/report";
import { zReportMeta } from "@/lib/reports/report-meta";
import { ShiftReportView } from "./shift-report-view";
import { ShiftReportReceipt } from "./shift-report-receipt";
import { ZRecord } from "./z-record";

/** A Z report exactly as stored at close, on the page or on the till's roll, with its record checkpoint. */
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
  const record = <ZRecord zNumber={z.zNumber} />;
  return roll ? (
    <ShiftReportReceipt report={z} meta={meta} paperWidthMm={roll.paperWidthMm} footer={record} />
  ) : (
    <ShiftReportView report={z} meta={meta} footer={record} />
  );
}
