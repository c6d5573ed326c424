/**
 * The amount rule of a bill payment, checked on the till after Confirm account (with the
 * account's range from its confirm) and again by the server action with a fresh confirm, so
 * an amount the account does not take is refused next to the field before anything is sent.
 * Pure: no zod, so the till's form can use it without loading its schema.
 */
import { outsideRange, type AmountRange } from "@/lib/amount-range";
import { parseRandInput } from "@/lib/money";

const NO_RANGE: AmountRange = { minCents: null, maxCents: null };

/** A bill payment must carry money, within the account's range where the core service states one. */
export function checkBillAmount(
  text: string,
  range: AmountRange = NO_RANGE,
): { ok: true; cents: number } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: false, message: "Enter the amount in rand." };
  const cents = parseRandInput(text);
  if (cents === null)
    return { ok: false, message: "Enter an amount in rand, for example 250 or 250.50." };
  if (cents <= 0) return { ok: false, message: "The amount must be more than R 0,00." };
  const outside = outsideRange(cents, range, "account");
  return outside ? { ok: false, message: outside } : { ok: true, cents };
}
