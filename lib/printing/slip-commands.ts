/**
 * Slips as ESC/POS printer commands, written by @point-of-sale/receipt-printer-encoder from
 * the same slip data the screen's slips read (the kinds' result schemas, finesSlipData,
 * amountSplit, tokensForSlip, the shift report). Pure: no I/O, unit-tested byte by byte.
 * The server encodes every slip, so the till's browser downloads only the transport.
 */
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { amountSplit } from "@/lib/electricity/amount-split";
import { finesSlipData } from "@/lib/fines/slip-data";
import { formatRand, vatIncluded } from "@/lib/money";
import { MUNICIPALITY_NAMES, type Municipality } from "@/lib/municipalities";
import type { ReportMeta } from "@/lib/reports/report-meta";
import type { ShiftReport } from "@/lib/reports/shift-report";
import { saDateTime } from "@/lib/sa-time";
import { KIND_LABELS as SALE_KIND_LABELS } from "@/lib/sales/kinds/meta";
import { CASH_MOVEMENT_LABELS, PAYMENT_METHOD_LABELS, labelOf } from "@/lib/sales/labels";
import { billResultSchema, electricityResultSchema } from "@/lib/slip/results";
import { tokenGroups, tokensForSlip } from "@/lib/slip/tokens";
import { safeExternalUrl } from "@/lib/safe-url";
import { VAS_KIND_LABELS } from "@/lib/vas/catalogue";
import { formatMobileNumber } from "@/lib/vas/mobile";
import { groupPin, vasResultSchema } from "@/lib/vas/sale-data";
import { FREE_TOKEN_NOTE, KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";
import { columnsFor } from "./connection";
import { meterBarcode } from "./meter-barcode";
import { toPrinterText } from "./plain-text";

export interface PrintMerchant {
  merchantName: string;
  vatNumber: string;
  vatPercent: number;
}

export interface SlipOptions {
  paperWidthMm: number;
  /** REPRINT at the top and the bottom: a reprint must never pass for the original. */
  reprint: boolean;
  /** Open the cash drawer (the printer's drawer pulse) before the cut. */
  drawer: boolean;
  /** A colleague's reprint: the voucher PIN stays off it (lib/security/ownership.ts). */
  hidePin?: boolean;
  /** A colleague's reprint names who sold it. */
  soldBy?: string | null;
  /** The slip's check code (grouped) and the public page its QR code opens (lib/record/slip-url.ts). */
  check?: { code: string; url: string };
}

/** What a slip reads of a completed sale (the journal's row). */
export interface SlipSale {
  kind: "electricity" | "bill" | "fines" | "vas";
  method: "cash" | "card";
  request: unknown;
  result: unknown;
  settledAt: Date | null;
  createdAt: Date;
}

/** A slip's lines, kept within the paper's columns; tokens and PINs in large type. */
class Slip {
  readonly columns: number;
  readonly encoder: ReceiptPrinterEncoder;

  constructor(readonly paperWidthMm: number) {
    this.columns = columnsFor(paperWidthMm);
    // Every text goes through toPrinterText (plain ASCII), so the printer stays on the code
    // page its reset selects: cheap printers lack most others, and their numbering differs.
    this.encoder = new ReceiptPrinterEncoder({
      language: "esc-pos",
      columns: this.columns,
      codepageMapping: "epson",
      feedBeforeCut: 4,
      newline: "\n",
    });
    this.encoder.initialize();
  }

  centre(text: string, bold = false): this {
    this.encoder.align("center").bold(bold);
    for (const line of wrap(toPrinterText(text), this.columns)) this.encoder.line(line);
    this.encoder.bold(false).align("left");
    return this;
  }

  text(text: string): this {
    for (const paragraph of text.split(/\r?\n/))
      for (const line of wrap(toPrinterText(paragraph), this.columns)) this.encoder.line(line);
    return this;
  }

  /** "Label ........ value"; a value that does not fit goes right-aligned on its own line. */
  pair(rawLabel: string, rawValue: string, bold = false): this {
    const [label, value] = [toPrinterText(rawLabel), toPrinterText(rawValue)];
    this.encoder.bold(bold);
    if (label.length + 1 + value.length <= this.columns) {
      this.encoder.line(label + " ".repeat(this.columns - label.length - value.length) + value);
    } else {
      for (const line of wrap(label, this.columns)) this.encoder.line(line);
      for (const line of wrap(value, this.columns))
        this.encoder.line(line.padStart(this.columns, " "));
    }
    this.encoder.bold(false);
    return this;
  }

  rule(): this {
    this.encoder.line("-".repeat(this.columns));
    return this;
  }

  /** Large digits: double height always, double width only where the line still fits. */
  big(rawText: string): this {
    const text = toPrinterText(rawText);
    const wide = text.length * 2 <= this.columns;
    this.encoder
      .align("center")
      .bold(true)
      .size(wide ? 2 : 1, 2)
      .line(text)
      .size(1, 1)
      .bold(false)
      .align("left");
    return this;
  }

  reprintMark(): this {
    this.encoder.align("center").bold(true).size(2, 1).line("REPRINT").size(1, 1).bold(false);
    this.encoder.align("left");
    return this;
  }

  barcode(value: string): this {
    // Code 128 of the meter number, sized for the roll: the next sale scans it from the slip.
    const code = meterBarcode(value, this.paperWidthMm);
    if (code)
      this.encoder.align("center").barcode(code.data, "code128", {
        height: 60,
        width: code.encoderWidth,
        text: "below",
      });
    this.encoder.align("left");
    return this;
  }

  qr(url: string): this {
    this.encoder.align("center").qrcode(url, { model: 2, size: 5, errorlevel: "m" }).align("left");
    return this;
  }

  finish(options: { drawer: boolean }): Uint8Array {
    if (options.drawer) this.encoder.raw([...DRAWER_PULSE]);
    this.encoder.cut("partial");
    return this.encoder.encode();
  }
}

/** Words to lines of at most `columns` characters; a word longer than a line is cut. */
function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0;) {
      const room = current ? columns - current.length - 1 : columns;
      if (rest.length <= room) {
        current = current ? `${current} ${rest}` : rest;
        rest = "";
      } else if (current) {
        lines.push(current);
        current = "";
      } else {
        lines.push(rest.slice(0, columns));
        rest = rest.slice(columns);
      }
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [""];
}

const nameOf = (m: string) => MUNICIPALITY_NAMES[m as Municipality] ?? m;
const code = (n: number | null) => (n === null ? "-" : String(n));
const paidBy = (method: SlipSale["method"]) => (method === "card" ? "Card" : "Cash");

function header(
  slip: Slip,
  merchant: PrintMerchant,
  title: string | null,
  receipt?: { number: string | null; at: string; vatLabel?: string },
) {
  slip.centre(merchant.merchantName, true);
  slip.centre(`${receipt?.vatLabel ?? "VAT no."} ${merchant.vatNumber}`);
  if (title) slip.centre(title.toUpperCase(), true);
  if (receipt) {
    slip.pair("Receipt no.", receipt.number ?? "-");
    slip.pair("Date", saDateTime(receipt.at));
  }
}

function electricity(slip: Slip, sale: SlipSale, merchant: PrintMerchant) {
  const r = electricityResultSchema.parse(sale.result);
  const vatCents = r.vatCents ?? vatIncluded(r.amountCents, merchant.vatPercent);
  const utility = r.utilityName || nameOf(r.municipality);
  const utilityVat = r.utilityVatNumber ?? null;
  // A key change is said before anything else: the customer's next step depends on it.
  if (r.tokens.some((t) => t.kind === "key_change")) {
    slip.rule().centre(KEY_CHANGE_WARNING.title.toUpperCase(), true);
    for (const line of KEY_CHANGE_WARNING.lines) slip.text(line);
    slip.rule();
  }
  header(slip, merchant, utilityVat ? "Tax invoice" : "Receipt", {
    number: r.receiptNumber,
    at: r.at,
    vatLabel: utilityVat ? "Agent, VAT no." : "Merchant's VAT no.",
  });
  slip.rule().text("Prepaid electricity");
  slip.pair("Supplier", utility);
  if (utilityVat) slip.pair("Supplier VAT no.", utilityVat);
  else slip.text(`The VAT number above is the merchant's; ${utility} gave none for this sale.`);
  slip.pair("Municipality", nameOf(r.municipality));
  slip.pair("Meter", r.meterNumber);
  slip.pair("Customer", r.customerName || "-");
  for (const t of tokensForSlip(r.tokens)) {
    slip.rule().text(t.label);
    if (t.kind === "fbe") slip.centre(FREE_TOKEN_NOTE.toUpperCase(), true);
    slip.big(tokenGroups(t.digits).join(" "));
    if (t.info) slip.centre(t.info);
    if (t.units != null && !/kwh/i.test(t.info ?? "")) slip.centre(`${t.units.toFixed(1)} kWh`);
  }
  if (r.printedText && r.tokens.length === 0) slip.rule().text(r.printedText);
  slip.rule();
  slip.pair("Units", r.units === null ? "-" : `${r.units.toFixed(1)} kWh`);
  for (const l of amountSplit({ amountCents: r.amountCents, vatCents, charges: r.charges }))
    slip.pair(l.label, formatRand(l.amountCents));
  for (const c of r.charges)
    if (c.outstandingCents !== null && c.outstandingCents > 0)
      slip.pair(`${c.description} outstanding`, formatRand(c.outstandingCents));
  slip.pair("Amount", formatRand(r.amountCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.rule();
  slip.pair("SGC / KRN / TI", `${code(r.meter.sgc)} / ${code(r.meter.krn)} / ${code(r.meter.ti)}`);
  if (r.keyExpiryNumber != null) slip.pair("Key expiry no.", String(r.keyExpiryNumber));
  slip.barcode(r.meterNumber);
  for (const m of r.messages ?? []) slip.centre(m);
  slip.centre("Enter the tokens in the order printed.");
}

function bill(slip: Slip, sale: SlipSale, merchant: PrintMerchant) {
  const r = billResultSchema.parse(sale.result);
  // Checked again here, as on screen: a stored link must not print a javascript: address.
  const receiptUrl = safeExternalUrl(r.receiptUrl);
  header(slip, merchant, "Account payment receipt", { number: r.receiptNumber, at: r.at });
  slip.rule();
  slip.pair("Municipality", nameOf(r.municipality));
  slip.pair("Account", r.accountNumber);
  slip.pair("Account holder", r.customerName || "-");
  slip.pair("Amount", formatRand(r.amountCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.pair("Receipt reference", r.receiptNumber ?? "-");
  if (receiptUrl) {
    slip.rule().centre("Municipal receipt:").centre(receiptUrl);
    slip.qr(receiptUrl);
  }
  for (const m of r.messages ?? []) slip.centre(m);
}

function fines(slip: Slip, sale: SlipSale, merchant: PrintMerchant) {
  header(slip, merchant, null);
  const data = finesSlipData(sale.request, sale.result);
  if (!data) {
    slip.text("This sale's details cannot be read. Check it in History.");
    return;
  }
  slip.centre("Traffic fines paid", true);
  if (data.lookedUpBy) slip.centre(data.lookedUpBy);
  for (const f of data.fines) {
    slip.rule();
    slip.pair(f.noticeNumber, formatRand(f.grossCents), true);
    if (f.charge) slip.text(f.charge);
    if (f.date) slip.text(`Offence date ${f.date}`);
    slip.pair("Registry invoice", f.invoiceNumber ?? "not given");
    slip.pair("Registry receipt", f.receiptNumber ?? "not given");
  }
  slip.rule();
  if (data.netCents != null) slip.pair("Fines", formatRand(data.netCents));
  if (data.vendorFeeCents != null) slip.pair("Processing fees", formatRand(data.vendorFeeCents));
  slip.pair("Total paid", formatRand(data.grossCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.pair("Registry order", data.orderId);
  slip.pair("Date", saDateTime(sale.settledAt ?? sale.createdAt));
}

function vas(slip: Slip, sale: SlipSale, merchant: PrintMerchant, options: SlipOptions) {
  header(slip, merchant, null);
  const parsed = vasResultSchema.safeParse(sale.result);
  if (!parsed.success) {
    slip.text("This sale's details cannot be read. Check it in History.");
    return;
  }
  const r = parsed.data;
  slip.centre(VAS_KIND_LABELS[r.category].toUpperCase(), true);
  slip.pair("Receipt no.", r.receiptNumber ?? "-");
  slip.pair("Date", saDateTime(r.at));
  slip.rule().text(r.productName);
  slip.pair(
    r.category === "voucher" ? "Brand" : r.category === "lotto" ? "Operator" : "Network",
    r.brand || "-",
  );
  if (r.recipient) slip.pair("Mobile number", formatMobileNumber(r.recipient), true);
  if (r.pin && options.hidePin) {
    slip.rule().centre("VOUCHER PIN NOT SHOWN", true);
    slip.centre("Another cashier sold this voucher: a supervisor reprints its PIN.");
    slip.rule();
  } else if (r.pin) {
    slip.rule().centre("VOUCHER PIN", true);
    slip.big(groupPin(r.pin));
    slip.rule();
  }
  if (r.recipient)
    slip.centre(
      `${VAS_KIND_LABELS[r.category]} of ${formatRand(r.amountCents)} sent to ${formatMobileNumber(r.recipient)}`,
    );
  if (r.instructions) slip.text(r.instructions);
  slip.rule();
  slip.pair("Amount", formatRand(r.amountCents));
  for (const fee of r.fees) slip.pair(fee.description, formatRand(fee.amountCents));
  slip.pair("Total paid", formatRand(r.totalCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  if (r.serialNumber) slip.pair(r.category === "lotto" ? "Ticket" : "Serial", r.serialNumber);
  slip.pair("Transaction", r.transactionId);
  if (r.category === "voucher") slip.centre("Keep this slip: the PIN is the voucher.");
}

const SLIP_BODY: Record<
  SlipSale["kind"],
  (slip: Slip, sale: SlipSale, merchant: PrintMerchant, options: SlipOptions) => void
> = { electricity, bill, fines, vas };

/** The printer commands of a completed sale's slip, ending in a cut (and the drawer pulse when asked). */
export function encodeSaleSlip(
  sale: SlipSale,
  merchant: PrintMerchant,
  options: SlipOptions,
): Uint8Array {
  const slip = new Slip(options.paperWidthMm);
  if (options.reprint) slip.reprintMark();
  if (options.soldBy) slip.centre(`Sold by ${options.soldBy}`);
  SLIP_BODY[sale.kind](slip, sale, merchant, options);
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
  const slip = new Slip(paperWidthMm);
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

/**
 * The drawer pulse as a real-time command, DLE DC4 1 m t: pin 2 (m = 0), 100 ms on and off
 * (t = 1). A printer acts on it as it arrives, even out of paper or with its cover open,
 * where it would hold ESC p until the roll is changed.
 */
const DRAWER_PULSE = Uint8Array.from([0x10, 0x14, 0x01, 0x00, 0x01]);

/** The drawer pulse alone: a cash movement, or a supervisor's "open drawer". */
export function encodeDrawerPulse(): Uint8Array {
  return DRAWER_PULSE.slice();
}
