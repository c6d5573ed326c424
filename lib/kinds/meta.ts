/**
 * What the browser and the server both know about each kind of sale: names, the form's
 * path, and how its card order and sentences read. Pure, so client screens import it; the
 * server-only registry (index.ts) takes its label and path from here. A new kind in
 * SALE_KINDS makes the compiler ask for its entry.
 */
import type { SaleKind } from "@/lib/sales/types";

/** A tile on the till's home that opens the kind's form. */
export interface KindTile {
  label: string;
  /** The one key that opens it from the till's home. */
  shortcut: string;
  hint: string;
  /** Added to the form's path: one form may open on a chosen part ("?category=airtime"). */
  query: string;
}

export interface KindMeta {
  /** In the cashier's words: "Electricity", "Bill", ... */
  label: string;
  /** Where the kind's form lives: "New sale", "Not confirmed: open it". */
  path: string;
  /** What the sale is sold to, in the middle of a sentence: "meter ", "account ". */
  soldTo: string;
  /** A card order's one line when the kind's own lines cannot be read. */
  orderFallbackName: string;
  /** Word for several lines of one card order ("notices"): the order then says how many. */
  orderLinesWord: string | null;
  /** Sold for a municipality (meter or account number): the till remembers it per number. */
  municipal: boolean;
  /** The till's tiles for it, in order (one form may have several). */
  tiles: readonly KindTile[];
  /** What the customer display calls the sale's reference. */
  displayReference: string;
  /** The customer display shows the sale's tokens (read from the electricity result). */
  tokensOnDisplay: boolean;
  /** The form's button that sells, as every message that names it says it. */
  button: { label: "Purchase" | "Pay"; busy: "Purchasing…" | "Paying…" };
}

export const KIND_META = {
  electricity: {
    label: "Electricity",
    path: "/electricity",
    soldTo: "meter ",
    orderFallbackName: "Prepaid electricity",
    orderLinesWord: null,
    municipal: true,
    tiles: [{ label: "Electricity", shortcut: "E", hint: "Prepaid tokens", query: "" }],
    displayReference: "Meter",
    tokensOnDisplay: true,
    button: { label: "Purchase", busy: "Purchasing…" },
  },
  bill: {
    label: "Bill",
    path: "/bills",
    soldTo: "account ",
    orderFallbackName: "Municipal account payment",
    orderLinesWord: null,
    municipal: true,
    tiles: [{ label: "Bills", shortcut: "B", hint: "Municipal accounts", query: "" }],
    displayReference: "Account",
    tokensOnDisplay: false,
    button: { label: "Pay", busy: "Paying…" },
  },
  fines: {
    label: "Traffic fines",
    path: "/fines",
    soldTo: "notices ",
    orderFallbackName: "Traffic fines",
    orderLinesWord: "notices",
    municipal: false,
    tiles: [{ label: "Traffic fines", shortcut: "F", hint: "Look up and pay", query: "" }],
    displayReference: "Notices",
    tokensOnDisplay: false,
    button: { label: "Pay", busy: "Paying…" },
  },
  vas: {
    label: "Airtime & vouchers",
    path: "/vas",
    soldTo: "",
    orderFallbackName: "Airtime, data or voucher",
    orderLinesWord: null,
    municipal: false,
    tiles: [
      { label: "Airtime & data", shortcut: "A", hint: "All networks", query: "?category=airtime" },
      {
        label: "Vouchers & lotto",
        shortcut: "V",
        hint: "PINs and tickets",
        query: "?category=voucher",
      },
    ],
    displayReference: "Reference",
    tokensOnDisplay: false,
    button: { label: "Purchase", busy: "Purchasing…" },
  },
} as const satisfies Record<SaleKind, KindMeta>;

/** Every kind, in the till's order. */
export const KINDS = Object.keys(KIND_META) as SaleKind[];

/** Names of the kinds of sale in the cashier's words. */
export const KIND_LABELS = Object.fromEntries(KINDS.map((k) => [k, KIND_META[k].label])) as Record<
  SaleKind,
  string
>;

/** The kinds sold for a municipality. */
export const MUNICIPAL_KINDS = KINDS.filter((k) => KIND_META[k].municipal);

/** "electricity for meter 01100000007", "airtime & vouchers for MTN R15 0835550101": the middle of a sentence. */
export function describeSale(kind: SaleKind, reference: string): string {
  const meta = KIND_META[kind];
  return `${meta.label.toLowerCase()} for ${meta.soldTo}${reference}`;
}
