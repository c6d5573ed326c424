/** The amount of a VAS sale: a fixed product's price, or what the cashier typed inside an open product's range. */
import { formatRand, parseRandInput, type Cents } from "@/lib/money";
import type { CatalogueItem } from "@/lib/kinds/vas/catalogue";

export type AmountCheck = { ok: true; cents: Cents } | { ok: false; message: string };

type Priced = Pick<CatalogueItem, "fixedAmount" | "priceCents" | "minCents" | "maxCents">;

export function rangeMessage(item: Priced): string {
  if (item.minCents !== null && item.maxCents !== null)
    return `Enter an amount from ${formatRand(item.minCents)} to ${formatRand(item.maxCents)}.`;
  return "Enter an amount in rand.";
}

/** Checked before any call: an amount outside the range never reaches the core service. */
export function checkAmount(item: Priced, typed: string | undefined): AmountCheck {
  if (item.fixedAmount) {
    return item.priceCents !== null && item.priceCents > 0
      ? { ok: true, cents: item.priceCents }
      : { ok: false, message: "This product has no price. Refresh the catalogue." };
  }
  const text = (typed ?? "").trim();
  if (!text) return { ok: false, message: rangeMessage(item) };
  const cents = parseRandInput(text);
  if (cents === null || cents <= 0)
    return {
      ok: false,
      message: `Enter an amount in rand, for example 50 or 50.00. ${rangeMessage(item)}`,
    };
  if (item.minCents !== null && cents < item.minCents)
    return {
      ok: false,
      message: `The minimum for this product is ${formatRand(item.minCents)}. ${rangeMessage(item)}`,
    };
  if (item.maxCents !== null && cents > item.maxCents)
    return {
      ok: false,
      message: `The maximum for this product is ${formatRand(item.maxCents)}. ${rangeMessage(item)}`,
    };
  return { ok: true, cents };
}
