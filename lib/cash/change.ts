/**
 * Cash at the counter: what the customer handed over, the change due, and the note keys
 * that make typing it one press. Pure, for the cash panel and its unit tests.
 */
import type { Cents } from "@/lib/money";

/** South African notes, smallest first. */
export const NOTES_CENTS: readonly Cents[] = [1_000, 2_000, 5_000, 10_000, 20_000];

export type Change = { enough: true; changeCents: Cents } | { enough: false; shortCents: Cents };

export function changeDue(amountCents: Cents, tenderedCents: Cents): Change {
  return tenderedCents >= amountCents
    ? { enough: true, changeCents: tenderedCents - amountCents }
    : { enough: false, shortCents: amountCents - tenderedCents };
}

/**
 * Quick keys for the amount tendered: the exact amount, then each single note that covers
 * it, then round sums of R 50 and R 100 notes a customer would hand over (up to four keys).
 */
export function tenderedKeys(amountCents: Cents): Cents[] {
  if (amountCents <= 0) return [];
  const keys = new Set<Cents>([amountCents]);
  for (const note of NOTES_CENTS) if (note > amountCents) keys.add(note);
  for (const step of [5_000, 10_000]) keys.add(Math.ceil(amountCents / step) * step);
  return [...keys].sort((a, b) => a - b).slice(0, 5);
}
