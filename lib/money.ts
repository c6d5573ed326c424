/**
 * Money inside Kassa is integer cents. Rands with two decimals exist only on the
 * wire (lib/upstream) and on screen (formatRand).
 */
export type Cents = number;

export function centsToRands(cents: Cents): number {
  assertCents(cents);
  return Math.round(cents) / 100;
}

/** Wire amounts are decimal rands; round to the nearest cent to shed float noise (12.3 * 100 = 1230.0000000000002). */
export function randsToCents(rands: number): Cents {
  if (!Number.isFinite(rands)) throw new RangeError(`not an amount: ${rands}`);
  return Math.round(rands * 100);
}

export function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`amount must be whole cents, got ${cents}`);
}

/** Parse what a cashier typed ("100", "100.5", "1 234,56", "R 50") into cents, or null when it is not an amount. */
export function parseRandInput(text: string): Cents | null {
  const cleaned = text
    .replace(/^\s*R\s*/i, "")
    .replace(/[\s\u00a0]/g, "")
    .replace(",", ".");
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const randFormat = new Intl.NumberFormat("en-ZA", {
  style: "currency",
  currency: "ZAR",
  minimumFractionDigits: 2,
});

/** The one minus sign of an amount: U+2212, as wide as the plus, and no line may break after it. */
export const MINUS = "\u2212";

/**
 * "R 1 234,56" as South Africans read it (en-ZA), and "−R 400,00" below zero. The spaces are
 * no-break spaces (U+00A0), so an amount never breaks across lines ("R" / "50,00"); paper and
 * text files that want plain characters take `plainText` of it.
 */
export function formatRand(cents: Cents): string {
  // `|| 0` makes -0 zero: "R 0,00", never "−R 0,00".
  return randFormat.format((cents || 0) / 100).replace(/^-/, MINUS);
}

/** Amounts (and any screen text) for an ASCII-minded target: a printer's code page, a CSV file. */
export function plainText(text: string): string {
  return text.replace(/\u00a0/g, " ").replace(/\u2212/g, "-");
}

/** VAT contained in a VAT-inclusive amount, in cents. */
export function vatIncluded(grossCents: Cents, vatPercent: number): Cents {
  return Math.round((grossCents * vatPercent) / (100 + vatPercent));
}
