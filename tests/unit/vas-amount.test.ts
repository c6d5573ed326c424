import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { checkAmount } from "@/lib/kinds/vas/amount";

const open = { fixedAmount: false, priceCents: null, minCents: 500, maxCents: 100_000 };
const fixed = { fixedAmount: true, priceCents: 2900, minCents: null, maxCents: null };

describe("checkAmount for an open-value product (R5 to R1 000)", () => {
  it.each([
    ["5", 500],
    ["5.00", 500],
    ["R 5,00", 500],
    ["1000", 100_000],
    ["1 000,00", 100_000],
    ["123.45", 12_345],
  ])("accepts %s as %i cents", (typed, cents) => {
    expect(checkAmount(open, typed)).toEqual({ ok: true, cents });
  });

  it("refuses one cent below the minimum, naming the minimum and the range", () => {
    const result = checkAmount(open, "4.99");
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(plainText(result.message)).toBe(
        "The minimum for this product is R 5,00. Enter an amount from R 5,00 to R 1 000,00.",
      );
  });

  it("refuses one cent above the maximum, naming the maximum", () => {
    const result = checkAmount(open, "1000.01");
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(plainText(result.message)).toContain("The maximum for this product is R 1 000,00.");
  });

  it.each(["", "   ", "abc", "0", "5.123", "-5"])("refuses %j", (typed) => {
    expect(checkAmount(open, typed).ok).toBe(false);
  });
});

describe("checkAmount for a fixed product", () => {
  it("is the product's price whatever was typed", () => {
    expect(checkAmount(fixed, undefined)).toEqual({ ok: true, cents: 2900 });
    expect(checkAmount(fixed, "5000")).toEqual({ ok: true, cents: 2900 });
  });

  it("refuses a fixed product without a price", () => {
    expect(checkAmount({ ...fixed, priceCents: null }, undefined).ok).toBe(false);
  });
});
