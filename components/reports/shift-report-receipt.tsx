import { formatRand } from "@/lib/money";
import type { ShiftReport } from "@/lib/reports/shift-report";
import { formatSaDateTime } from "@/lib/reports/day";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { CASH_MOVEMENT_LABELS, PAYMENT_METHOD_LABELS, labelOf } from "@/lib/sales/labels";
import { ReprintMark, SlipFrame, SlipLine } from "@/components/slip/slip-frame";
import type { ReportMeta } from "@/lib/reports/report-meta";
import { varianceText } from "./variance";

/**
 * An X or Z report for the till's roll (58 or 80 mm): one "label ... amount" line each,
 * amounts never split, in the till's paper width. The page layout stays for A4.
 */
export function ShiftReportReceipt({
  report,
  meta,
  paperWidthMm,
  footer,
}: {
  report: ShiftReport;
  meta: ReportMeta;
  paperWidthMm: number;
  /** What follows the figures (a Z report's record checkpoint). */
  footer?: React.ReactNode;
}) {
  return (
    <SlipFrame paperWidthMm={paperWidthMm}>
      {meta.reprint && <ReprintMark />}
      <p className="text-center text-[1.3em] font-bold">{meta.title}</p>
      <p className="text-center">{meta.tillName}</p>
      <p>
        Opened {formatSaDateTime(meta.openedAt)} by {meta.openedBy}
      </p>
      {meta.closedAt && (
        <p>
          Closed {formatSaDateTime(meta.closedAt)} by {meta.closedBy ?? ""}
        </p>
      )}
      <hr className="border-dashed border-black" />
      {report.lines.length === 0 && <p>No completed sales.</p>}
      {report.lines.map((line) => (
        <div key={`${line.kind}-${line.method}`}>
          <p className="font-bold">{labelOf(KIND_LABELS, line.kind)}</p>
          <SlipLine
            label={`${labelOf(PAYMENT_METHOD_LABELS, line.method)} × ${line.count}`}
            value={formatRand(line.totalCents)}
          />
        </div>
      ))}
      <hr className="border-dashed border-black" />
      <SlipLine label="Cash sales" value={formatRand(report.byMethod.cash)} />
      <SlipLine label="Card sales" value={formatRand(report.byMethod.card)} />
      <SlipLine
        label={`Total (${report.completedCount})`}
        value={formatRand(report.totalCents)}
        strong
      />
      <SlipLine label="Opening float" value={formatRand(report.openingFloatCents)} />
      {(report.cashMovements ?? []).map((m) => (
        <SlipLine
          key={m.at + m.reason}
          label={`${CASH_MOVEMENT_LABELS[m.kind]}: ${m.reason}`}
          value={formatRand(-m.amountCents)}
        />
      ))}
      <SlipLine label="Expected cash" value={formatRand(report.expectedCashCents)} strong />
      {report.countedCashCents !== null && (
        <SlipLine label="Counted cash" value={formatRand(report.countedCashCents)} />
      )}
      {report.varianceCents !== null && (
        <SlipLine
          label="Variance"
          value={varianceText(report.varianceCents).replace(/ /g, "\u00a0")}
          strong
        />
      )}
      {report.openCount > 0 && (
        <p>{report.openCount} sale(s) not confirmed: not in these totals.</p>
      )}
      {report.failedCount > 0 && <p>{report.failedCount} failed sale(s), no money taken.</p>}
      {footer}
      {meta.reprint && <ReprintMark />}
    </SlipFrame>
  );
}
