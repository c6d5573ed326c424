import type { ZReport } from "@/lib/shifts/report";
import type { DenominationCounts } from "./denominations";

/** The head of an X or Z report: the same on the screen, the till's roll and its printer. */
export interface ReportMeta {
  title: string;
  tillName: string;
  openedBy: string;
  openedAt: Date;
  closedAt?: Date | null;
  closedBy?: string | null;
  denominations?: DenominationCounts | null;
  reprint?: boolean;
  /** The X report: the cash-up is blind, so the expected cash is not shown. */
  blind?: boolean;
}

/** The X report of an open shift: the till and who opened it, as far as they are known. */
export function xReportMeta(
  view: { tillName: string; openedBy: string } | undefined,
  shift: { openedAt: Date },
  tillName: string,
): ReportMeta {
  return {
    title: "X report",
    tillName: view?.tillName ?? tillName,
    openedBy: view?.openedBy ?? "",
    openedAt: shift.openedAt,
    blind: true,
  };
}

/** A Z report's head as stored at close; `reprint` marks it REPRINT. */
export function zReportMeta(z: ZReport, reprint: boolean): ReportMeta {
  return {
    title: `Z report No. ${z.zNumber}`,
    tillName: z.tillName,
    openedBy: z.openedBy,
    openedAt: new Date(z.openedAt),
    closedAt: new Date(z.closedAt),
    closedBy: z.closedBy,
    denominations: z.denominations,
    reprint,
  };
}
