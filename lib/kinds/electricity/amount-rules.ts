/**
 * Amount rules for a prepaid vend, checked on the till before anything is sent and again
 * on the server with the meter's limits from a fresh confirm. Pure: the form and the
 * action share it, and it is unit-tested without a server.
 */
import { QUICK_AMOUNTS_CENTS } from "@/lib/amount-input";
import { outsideRange, type AmountRange } from "@/lib/amount-range";
import { parseRandInput, type Cents } from "@/lib/money";

export type AmountCheck = { ok: true; cents: Cents } | { ok: false; message: string };

/** Without a stated minimum a vend must carry money: R 0 is only for meters that allow it (FBE). */
function floorOf(range: AmountRange): Cents {
  return range.minCents ?? 1;
}

export function checkAmountCents(cents: Cents, range: AmountRange): AmountCheck {
  if (cents === 0 && floorOf(range) > 0)
    return {
      ok: false,
      message: "R 0 is only for meters with free basic electricity. Enter an amount.",
    };
  const outside = outsideRange(cents, range, "meter");
  return outside ? { ok: false, message: outside } : { ok: true, cents };
}

/** What the cashier typed, read as rand and checked against the meter's range. */
export function checkAmount(text: string, range: AmountRange): AmountCheck {
  if (text.trim() === "") return { ok: false, message: "Enter the amount in rand." };
  const cents = parseRandInput(text);
  if (cents === null)
    return { ok: false, message: "Enter an amount in rand, for example 100 or 100.50." };
  return checkAmountCents(cents, range);
}

/** The quick amounts that this meter accepts: R 0 first on a meter that takes it (free basic electricity only). */
export function quickAmountsFor(range: AmountRange): Cents[] {
  const usual = QUICK_AMOUNTS_CENTS.filter((c) => checkAmountCents(c, range).ok);
  return range.minCents === 0 ? [0, ...usual] : usual;
}

/** Said by the meter's confirm panel as by the account's. */
export { describeRange } from "@/lib/amount-range";
