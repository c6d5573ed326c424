import type { ZReport } from "@/lib/shifts/report";
import { ShiftReportView } from "./shift-report-view";

/** A Z report exactly as stored at close. */
export function ZReportView({ z, reprint = false }: { z: ZReport; reprint?: boolean }) {
  return (
    <ShiftReportView
      report={z}
      meta={{
        title: `Z report No. ${z.zNumber}`,
        tillName: z.tillName,
        openedBy: z.openedBy,
        openedAt: new Date(z.openedAt),
        closedAt: new Date(z.closedAt),
        closedBy: z.closedBy,
        denominations: z.denominations,
        reprint,
      }}
    />
  );
}
