/**
 * How tokens stand on a slip: key-change tokens first and in their order, then credit,
 * then free basic electricity, each in groups of four digits under its label. Pure, for
 * the slip, the vend form and their unit tests.
 */

export type SlipTokenKind = "key_change" | "credit" | "fbe";

/** A token as the slip, the journal and the till's answer carry it (lib/upstream/tokens.ts makes them). */
export interface SlipToken {
  kind: SlipTokenKind;
  /** "Key change 1", "Key change 2", "Credit" or "Free basic electricity". */
  label: string;
  /** 20 digits, no spaces; the slip groups them in fours. */
  digits: string;
  /** The upstream's note on the token, e.g. "FBE 50.0 kWh". */
  info: string | null;
  /** kWh this token loads, when the upstream says (a `units` field or "66.6 kWh" in its note). */
  units?: number | null;
}

const ORDER: Record<SlipTokenKind, number> = { key_change: 0, credit: 1, fbe: 2 };

/** "12345678901234567890" → ["1234", "5678", "9012", "3456", "7890"]. */
export function tokenGroups(digits: string): string[] {
  const clean = digits.replace(/\D/g, "");
  return clean.match(/\d{1,4}/g) ?? [];
}

/** "1234 5678 9012 3456 7890", as the customer reads it off the slip. */
export function groupTokenDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function labelFor(kind: SlipTokenKind, keyChangeNumber: number): string {
  if (kind === "key_change") return `Key change ${keyChangeNumber}`;
  return kind === "credit" ? "Credit" : "Free basic electricity";
}

/**
 * The tokens in the order the customer keys them in, labelled afresh. The stored result
 * is already ordered; sorting again here means a slip can never print them out of order.
 */
export function tokensForSlip(tokens: readonly SlipToken[]): SlipToken[] {
  const sorted = tokens
    .map((t, index) => ({ t, index }))
    .sort((a, b) => ORDER[a.t.kind] - ORDER[b.t.kind] || a.index - b.index);
  let keyChange = 0;
  return sorted.map(({ t }) => ({
    ...t,
    label: labelFor(t.kind, t.kind === "key_change" ? ++keyChange : 0),
  }));
}
