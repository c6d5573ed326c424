/**
 * How tokens stand on a slip: key-change tokens first and in their order, then credit,
 * then free basic electricity, each in groups of four digits under its label. Pure, for
 * the slip, the vend form and their unit tests.
 */
import type { SlipToken, SlipTokenKind } from "@/lib/upstream/tokens";

export type { SlipToken, SlipTokenKind };

const ORDER: Record<SlipTokenKind, number> = { key_change: 0, credit: 1, fbe: 2 };

/** "12345678901234567890" → ["1234", "5678", "9012", "3456", "7890"]. */
export function tokenGroups(digits: string): string[] {
  const clean = digits.replace(/\D/g, "");
  return clean.match(/\d{1,4}/g) ?? [];
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
