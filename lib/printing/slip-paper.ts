/**
 * The slip's paper: a roll of `columns` characters written by
 * @point-of-sale/receipt-printer-encoder, with the lines every slip is made of (centred,
 * "label .... value", large digits, barcode, QR code, the cut and the drawer pulse). A sale's
 * slip model is written on it by slip-blocks.ts; slip-commands.ts puts the whole slip
 * together. Pure: no I/O.
 */
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { columnsFor } from "./connection";
import { meterBarcode } from "./meter-barcode";
import { toPrinterText } from "./plain-text";

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

/** A slip's lines, kept within the paper's columns; tokens and PINs in large type. */
export class SlipPaper {
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

/**
 * The drawer pulse as a real-time command, DLE DC4 1 m t: pin 2 (m = 0), 100 ms on and off
 * (t = 1). A printer acts on it as it arrives, even out of paper or with its cover open,
 * where it would hold ESC p until the roll is changed.
 */
export const DRAWER_PULSE = Uint8Array.from([0x10, 0x14, 0x01, 0x00, 0x01]);
