/**
 * What the sale forms' amount fields need beyond lib/money (which every till page loads): kept
 * apart so that only the forms with an amount field carry it.
 */
import type { Cents } from "./money";

/** Cents as an amount field shows them, the inverse of parseRandInput: "100" or "100.50", never a thousands separator. */
export function centsToInput(cents: Cents): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Buttons under an amount field: the usual notes a customer hands over. */
export const QUICK_AMOUNTS_CENTS: readonly Cents[] = [2_000, 5_000, 10_000, 20_000, 50_000];
