/**
 * STS tokens in the order the customer must key them in: key-change tokens (in the
 * order given), then credit, then free basic electricity, whatever order the wire
 * used. Pure, so the slip and its tests share it.
 */

export type SlipTokenKind = "key_change" | "credit" | "fbe";

export interface SlipToken {
  kind: SlipTokenKind;
  /** "Key change 1", "Key change 2", "Credit" or "Free basic electricity". */
  label: string;
  /** 20 digits, no spaces; the slip groups them in fours. */
  digits: string;
  /** The upstream's note on the token, e.g. "FBE 50.0 kWh". */
  info: string | null;
}

export interface WireToken {
  token: string;
  info?: string | null;
  type?: string | null;
}

const ORDER: Record<SlipTokenKind, number> = { key_change: 0, credit: 1, fbe: 2 };

function kindOf(type: string | null | undefined): SlipTokenKind {
  const t = (type ?? "").trim().toUpperCase();
  if (t === "KCT") return "key_change";
  if (t === "FBE") return "fbe";
  // STD and anything unforeseen is credit: a token the customer can still enter beats a lost one.
  return "credit";
}

export function orderSlipTokens(wire: readonly WireToken[]): SlipToken[] {
  const tokens = wire.map((w, index) => ({
    index,
    kind: kindOf(w.type),
    digits: w.token.replace(/[\s-]/g, ""),
    info: w.info ?? null,
  }));
  for (const t of tokens) {
    if (!/^\d{20}$/.test(t.digits)) throw new RangeError(`token ${t.index + 1} is not 20 digits`);
  }
  tokens.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.index - b.index);
  let keyChange = 0;
  return tokens.map(({ kind, digits, info }) => ({
    kind,
    digits,
    info,
    label: labelOf(kind, kind === "key_change" ? ++keyChange : 0),
  }));
}

function labelOf(kind: SlipTokenKind, keyChangeNumber: number): string {
  if (kind === "key_change") return `Key change ${keyChangeNumber}`;
  return kind === "credit" ? "Credit" : "Free basic electricity";
}

/** "1234 5678 9012 3456 7890", as the customer reads it off the slip. */
export function groupTokenDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
