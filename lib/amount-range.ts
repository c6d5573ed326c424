/**
 * The range a meter or an account takes (minLimit..maxLimit from its confirm), and the one
 * sentence that says it, for the till's own check before anything is sent and for the core
 * service's refusal alike. Pure: the forms, the actions and the upstream client share it.
 */
import { formatRand, type Cents } from "./money";

/** A meter's or account's range from confirm; null where the core service gives none. */
export interface AmountRange {
  minCents: Cents | null;
  maxCents: Cents | null;
}

/** What the amount is paid to, as a sentence names it. */
export type RangeSubject = "meter" | "account";

/** "The amount must be between R 10,00 and R 5 000,00 for this account." (or the one known side). */
export function rangeMessage(range: AmountRange, subject: RangeSubject): string {
  const { minCents: min, maxCents: max } = range;
  const limits =
    min !== null && max !== null
      ? `between ${formatRand(min)} and ${formatRand(max)}`
      : min !== null
        ? `at least ${formatRand(min)}`
        : max !== null
          ? `at most ${formatRand(max)}`
          : null;
  return limits === null
    ? `The ${subject} does not take this amount. Enter another amount.`
    : `The amount must be ${limits} for this ${subject}.`;
}

/** Null when `cents` is within the range, else the sentence that says the range. */
export function outsideRange(
  cents: Cents,
  range: AmountRange,
  subject: RangeSubject,
): string | null {
  const below = range.minCents !== null && cents < range.minCents;
  const above = range.maxCents !== null && cents > range.maxCents;
  return below || above ? rangeMessage(range, subject) : null;
}

/** "R 10,00 to R 5 000,00", as the confirm panel states the range. */
export function describeRange(range: AmountRange): string {
  const min = formatRand(range.minCents ?? 0);
  return range.maxCents === null ? `from ${min}` : `${min} to ${formatRand(range.maxCents)}`;
}
