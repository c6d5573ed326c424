/**
 * The amount rule of a bill payment, checked on the till after Confirm account and again by
 * the server action. Pure: no zod, so the till's form can use it without loading its schema.
 */
import { parseRandInput } from "@/lib/money";

/** A bill payment must carry money; the municipality sets any upper limit. */
export function checkBillAmount(
  text: string,
): { ok: true; cents: number } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: false, message: "Enter the amount in rand." };
  const cents = parseRandInput(text);
  if (cents === null)
    return { ok: false, message: "Enter an amount in rand, for example 250 or 250.50." };
  if (cents <= 0) return { ok: false, message: "The amount must be more than R 0,00." };
  return { ok: true, cents };
}
