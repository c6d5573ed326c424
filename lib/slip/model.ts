/**
 * A slip as one list of typed blocks. Each kind of sale says once what its slip holds
 * (lib/kinds/<kind>/slip-model.ts, registry lib/kinds/slips.ts); the screen
 * (components/slip/slip-blocks.tsx), the printer's roll (lib/printing/slip-blocks.ts), the
 * plain slip of a sale the journal could not record and the hand copy (below) all draw these
 * same blocks. Pure and client-safe: no I/O, no env(); what the merchant's settings say comes
 * in as an argument.
 */
import { PAYMENT_METHOD_LABELS } from "@/lib/sales/labels";
import type { PaymentMethod, SaleKind } from "@/lib/sales/types";
import type { SlipTokenKind } from "@/lib/slip/tokens";
import { saDateTime } from "@/lib/sa-time";

/** What a slip reads of the merchant's settings. */
export interface SlipMerchant {
  merchantName: string;
  vatNumber: string;
  /** For the VAT contained in a price when the core service did not state it. */
  vatPercent: number;
}

/** What a slip reads of a completed sale (the journal's row). */
export interface SlipSale {
  kind: SaleKind;
  method: PaymentMethod;
  request: unknown;
  result: unknown;
  settledAt: Date | null;
  createdAt: Date;
}

export interface SlipModelOptions {
  /** A colleague's reprint: a voucher PIN stays off it (lib/security/ownership.ts). */
  hidePin: boolean;
}

/** The screen's handles on an element (data-* attributes, for its pages and tests); paper has none. */
export type SlipMarks = Readonly<Record<string, string>>;

export interface SlipTokenLine {
  kind: SlipTokenKind;
  label: string;
  /** In groups of four, as the customer keys them in. */
  digits: string;
  /** Said beside a token nobody paid for ("Free: no charge"). */
  free: string | null;
  /** The utility's note on it, its kWh. */
  notes: string[];
}

export type SlipBlock =
  /** The merchant's name and VAT number; the slip's title, receipt number and date when it has them. */
  | {
      type: "header";
      merchantName: string;
      /** "VAT no. 4123456789", or whose VAT number it is when the slip names another party. */
      vat: string;
      title: string | null;
      /** Its receipt number and date, as "label ..... value" lines. */
      lines: { label: string; value: string }[];
    }
  /** What the customer must read before anything else, boxed. */
  | { type: "warning"; label: string; title: string; lines: readonly string[]; marks: SlipMarks }
  /** Lines under a rule (a dashed line on screen). */
  | { type: "section"; blocks: SlipBlock[] }
  /** Lines kept together on screen under a handle; on paper only the lines. */
  | { type: "group"; marks: SlipMarks; blocks: SlipBlock[] }
  /** A list of entries (the fines paid), each under a rule. */
  | { type: "entries"; entries: { marks: SlipMarks; blocks: SlipBlock[] }[] }
  /** A bold line on screen, a plain one on paper (what the section is about). */
  | { type: "title"; text: string }
  /** "Label ..... value"; the marks go on the value. */
  | { type: "pair"; label: string; value: string; strong: boolean; marks: SlipMarks }
  /** A paragraph, its line breaks kept. */
  | { type: "text"; text: string; marks: SlipMarks }
  | { type: "centre"; text: string; strong: boolean; marks: SlipMarks }
  /** Electricity tokens in keying order, each under its label, the digits large. */
  | { type: "tokens"; tokens: SlipTokenLine[] }
  /** The core service's own printable text, as it came (no token could be read apart from it). */
  | { type: "printed"; text: string }
  /** A voucher PIN, large, between rules; the marks go on the digits. */
  | { type: "pin"; title: string; pin: string; marks: SlipMarks }
  /** What stands where something is kept off the slip (a colleague's reprint of a PIN). */
  | { type: "withheld"; title: string; note: string; marks: SlipMarks }
  /** A Code 128 the next sale scans (the meter number). */
  | { type: "barcode"; value: string; label: string }
  /** A link printed as its address and a QR code (the municipality's receipt). */
  | { type: "link"; caption: string; url: string }
  /** What the utility or municipality sends for the slip, at its foot. */
  | { type: "messages"; from: string; messages: readonly string[] };

/** A block that holds no other blocks. */
export type SlipLeaf = Exclude<SlipBlock, { type: "section" | "group" | "entries" }>;

/** The blocks that hold no others, in the slip's order: sections, groups and entries opened. */
export function leafBlocks(blocks: readonly SlipBlock[]): SlipLeaf[] {
  return blocks.flatMap((block) => {
    if (block.type === "section" || block.type === "group") return leafBlocks(block.blocks);
    if (block.type === "entries") return block.entries.flatMap((e) => leafBlocks(e.blocks));
    return [block];
  });
}

export interface SlipModel {
  /** The slip's name in the cashier's words: "Prepaid electricity", the product's name. */
  title: string;
  blocks: SlipBlock[];
}

/** A kind's slip: the whole of what its slip says, for every rendering. */
export type SlipModelOf = (
  sale: SlipSale,
  merchant: SlipMerchant,
  options: SlipModelOptions,
) => SlipModel;

/** A block, or nothing where a line is left out. */
type Maybe = SlipBlock | false | "" | null | undefined;

export const blocks = (...items: Maybe[]): SlipBlock[] =>
  items.filter((b): b is SlipBlock => Boolean(b));

export function header(
  merchant: SlipMerchant,
  title: string | null,
  receipt?: { number: string | null; at: string },
  vatLabel = "VAT no.",
): SlipBlock {
  return {
    type: "header",
    merchantName: merchant.merchantName,
    vat: `${vatLabel} ${merchant.vatNumber}`,
    title,
    lines: receipt
      ? [
          { label: "Receipt no.", value: receipt.number ?? "—" },
          { label: "Date", value: saDateTime(receipt.at) },
        ]
      : [],
  };
}

export const section = (...items: Maybe[]): SlipBlock => ({
  type: "section",
  blocks: blocks(...items),
});

export const group = (marks: SlipMarks, ...items: Maybe[]): SlipBlock => ({
  type: "group",
  marks,
  blocks: blocks(...items),
});

export const title = (text: string): SlipBlock => ({ type: "title", text });

export const pair = (
  label: string,
  value: string,
  options: { strong?: boolean; marks?: SlipMarks } = {},
): SlipBlock => ({
  type: "pair",
  label,
  value,
  strong: options.strong ?? false,
  marks: options.marks ?? {},
});

export const text = (value: string, marks: SlipMarks = {}): SlipBlock => ({
  type: "text",
  text: value,
  marks,
});

export const centre = (
  value: string,
  options: { strong?: boolean; marks?: SlipMarks } = {},
): SlipBlock => ({
  type: "centre",
  text: value,
  strong: options.strong ?? false,
  marks: options.marks ?? {},
});

/** How the sale was paid, the line every slip has. */
export const paidBy = (method: PaymentMethod): SlipBlock =>
  pair("Paid by", PAYMENT_METHOD_LABELS[method]);

/** A sale whose stored answer cannot be read: the merchant's lines and where to look instead. */
export function unreadableSlip(merchant: SlipMerchant, name: string): SlipModel {
  return {
    title: name,
    blocks: [
      header(merchant, null),
      text("This sale's details cannot be read. Check it in History."),
    ],
  };
}
