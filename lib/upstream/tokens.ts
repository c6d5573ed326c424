/**
 * STS tokens in the order the customer must key them in: key-change tokens (in the
 * order given), then credit, then free basic electricity, whatever order the wire
 * used. Pure, so the slip and its tests share it.
 */
import { labelFor, type SlipToken, type SlipTokenKind } from "@/lib/slip/tokens";

export interface WireToken {
  token: string;
  info?: string | null;
  type?: string | null;
  units?: number | null;
}

const ORDER: Record<SlipTokenKind, number> = { key_change: 0, credit: 1, fbe: 2 };

/**
 * Every token kind name in use by aggregators, mapped to Kassa's three. Listed in
 * docs/upstream-assumptions.md; anything else is credit (a token the customer can
 * still enter beats a lost one).
 */
export const TOKEN_KIND_NAMES: Record<string, SlipTokenKind> = {
  KCT: "key_change",
  KC: "key_change",
  KEYCHANGE: "key_change",
  "KEY CHANGE": "key_change",
  FBE: "fbe",
  BSST: "fbe",
  FBT: "fbe",
  "FREE BASIC": "fbe",
  STD: "credit",
  CREDIT: "credit",
  CR: "credit",
};

export function tokenKindOf(type: string | null | undefined): SlipTokenKind {
  const t = (type ?? "").trim().toUpperCase().replace(/[_-]+/g, " ");
  return TOKEN_KIND_NAMES[t] ?? TOKEN_KIND_NAMES[t.replace(/\s+/g, "")] ?? "credit";
}

/** The kind a printable line speaks of ("Key change token 1 of 2: ...", "FBE 50 kWh: ..."). */
export function tokenKindInText(text: string): SlipTokenKind {
  const t = text.toUpperCase();
  if (/KEY\s*CHANGE|\bKCT?\d*\b/.test(t)) return "key_change";
  if (/FREE\s*BASIC|\bFBE\b|\bBSST\b|\bFBT\b/.test(t)) return "fbe";
  return "credit";
}

/** "Credit 66.6 kWh" → 66.6. */
export function unitsInText(text: string | null | undefined): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*kWh/i.exec(text ?? "");
  return m?.[1] ? Number(m[1].replace(",", ".")) : null;
}

export function orderSlipTokens(wire: readonly WireToken[]): SlipToken[] {
  const tokens = wire.map((w, index) => ({
    index,
    kind: tokenKindOf(w.type),
    digits: w.token.replace(/[\s-]/g, ""),
    info: w.info ?? null,
    units: w.units ?? unitsInText(w.info),
  }));
  for (const t of tokens) {
    if (!/^\d{20}$/.test(t.digits)) throw new RangeError(`token ${t.index + 1} is not 20 digits`);
  }
  tokens.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.index - b.index);
  let keyChange = 0;
  return tokens.map(({ kind, digits, info, units }) => ({
    kind,
    digits,
    info,
    units,
    label: labelFor(kind, kind === "key_change" ? ++keyChange : 0),
  }));
}

/** A 20-digit STS token as printed: groups of digits split by spaces or dashes. */
const PRINTED_TOKEN = /(?<!\d)(\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4})(?![ -]?\d)/g;

/**
 * Tokens read from the printable receipt (`token`, "the vended token with full
 * printable receipt"), in the order printed, each with the kind its line names.
 */
export function tokensFromPrintable(text: string): SlipToken[] {
  const found: WireToken[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const m of line.matchAll(PRINTED_TOKEN)) {
      const label = line
        .replace(m[0], "")
        .replace(/[:\s]+$/, "")
        .trim();
      const kind = tokenKindInText(label);
      found.push({
        token: m[0],
        info: label || null,
        type: kind === "key_change" ? "KCT" : kind === "fbe" ? "FBE" : "STD",
      });
    }
  }
  return orderSlipTokens(found);
}
