/**
 * Slips as ESC/POS printer commands on the slip paper (slip-paper.ts): a sale's slip is its
 * kind's slip model (lib/kinds/slips.ts, the same blocks the screen draws) between the
 * reprint marks and the check code; the X and Z reports. Pure: no I/O,
 * unit-tested byte by byte. The server encodes every slip, so the till's browser downloads
 * only the transport.
 */
import { formatRand } from "@/lib/money";
import { slipModelOf } from "@/lib/kinds/slips";
import { KIND_LABELS as SALE_KIND_LABELS } from "@/lib/kinds/meta";
import type { ReportMeta } from "@/lib/reports/report-meta";
import type { ShiftReport } from "@/lib/reports/shift-report";
import { saDateTime } from "@/lib/sa-time";
import { CASH_MOVEMENT_LABELS, PAYMENT_METHOD_LABELS, labelOf } from "@/lib/sales/labels";
import type { SlipMerchant, SlipSale } from "@/lib/slip/model";
import { printBlocks } from "./slip-blocks";
import { DRAWER_PULSE, SlipPaper, type SlipOptions } from "./slip-paper";

/** The printer commands of a completed sale's slip, ending in a cut (and the drawer pulse when asked). */
export function encodeSaleSlip(
  sale: SlipSale,
  merchant: SlipMerchant,
  options: SlipOptions,
): Uint8Array {
  const slip = new SlipPaper(options.paperWidthMm);
  if (options.reprint) slip.reprintMark();
  if (options.soldBy) slip.centre(`Sold by ${options.soldBy}`);
  printBlocks(slip, slipModelOf(sale, merchant, { hidePin: options.hidePin ?? false }).blocks);
  if (options.check) {
    slip.rule();
    slip.qr(options.check.url);
    slip.centre("Check this slip:").centre(options.check.code, true);
  }
  if (options.reprint) slip.reprintMark();
  return slip.finish({ drawer: options.drawer });
}

/** An X or Z report on the till's roll, line for line what the screen's roll layout shows. */
export function encodeShiftReport(
  report: ShiftReport,
  meta: ReportMeta,
  paperWidthMm: number,
  /** A Z report's record checkpoint and the key that checks it (lib/record/z-checkpoint.ts). */
  record?: {
    checkpoint: { shortCode: string; qrText: string } | null;
    publicKey: string;
    fingerprint: string;
  },
): Uint8Array {
  const slip = new SlipPaper(paperWidthMm);
  if (meta.reprint) slip.reprintMark();
  slip.centre(meta.title, true).centre(meta.tillName);
  slip.text(`Opened ${saDateTime(meta.openedAt)} by ${meta.openedBy}`);
  if (meta.closedAt) slip.text(`Closed ${saDateTime(meta.closedAt)} by ${meta.closedBy ?? ""}`);
  slip.rule();
  if (report.lines.length === 0) slip.text("No completed sales.");
  for (const line of report.lines) {
    slip.text(labelOf(SALE_KIND_LABELS, line.kind));
    slip.pair(
      `${labelOf(PAYMENT_METHOD_LABELS, line.method)} x ${line.count}`,
      formatRand(line.totalCents),
    );
  }
  slip.rule();
  slip.pair("Cash sales", formatRand(report.byMethod.cash));
  slip.pair("Card sales", formatRand(report.byMethod.card));
  slip.pair(`Total (${report.completedCount})`, formatRand(report.totalCents), true);
  slip.pair("Opening float", formatRand(report.openingFloatCents));
  for (const m of report.cashMovements ?? [])
    slip.pair(`${CASH_MOVEMENT_LABELS[m.kind]}: ${m.reason}`, formatRand(-m.amountCents));
  if (!meta.blind) slip.pair("Expected cash", formatRand(report.expectedCashCents), true);
  if (report.countedCashCents !== null)
    slip.pair("Counted cash", formatRand(report.countedCashCents));
  if (report.varianceCents !== null) {
    const v = report.varianceCents;
    const words = v === 0 ? "(balanced)" : v < 0 ? "(short)" : "(over)";
    slip.pair("Variance", `${formatRand(v)} ${words}`, true);
  }
  if (report.openCount > 0)
    slip.text(`${report.openCount} sale(s) not confirmed: not in these totals.`);
  if (report.failedCount > 0) slip.text(`${report.failedCount} failed sale(s), no money taken.`);
  if (record) {
    slip.rule();
    if (record.checkpoint) {
      slip.qr(record.checkpoint.qrText);
      slip.centre(`Record checkpoint ${record.checkpoint.shortCode}`, true);
    } else slip.centre("Record checkpoint: being sealed, reprint in a moment.");
    slip.centre(`Record key ${record.fingerprint}`).centre(record.publicKey);
  }
  if (meta.reprint) slip.reprintMark();
  return slip.finish({ drawer: false });
}

/** The drawer pulse alone: a cash movement, or a supervisor's "open drawer". */
export function encodeDrawerPulse(): Uint8Array {
  return DRAWER_PULSE.slice();
}
