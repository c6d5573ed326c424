import { describe, expect, it } from "vitest";
import { checkAmount, describeRange, quickAmountsFor } from "@/lib/kinds/electricity/amount-rules";
import { checkBillAmount } from "@/lib/kinds/bill/amount-rules";
import { plainText } from "@/lib/money";

/** The message with plain spaces (amounts keep theirs from breaking with no-break spaces). */
const said = (check: { ok: boolean; message?: string }) =>
  check.ok ? "ok" : plainText(check.message ?? "");

const tshwane = { minCents: 1_000, maxCents: 500_000 };
const fbeOnly = { minCents: 0, maxCents: 100_000 };

describe("electricity amount rules", () => {
  it("accepts amounts inside the meter's range, edges included", () => {
    expect(checkAmount("10", tshwane)).toEqual({ ok: true, cents: 1_000 });
    expect(checkAmount("5000", tshwane)).toEqual({ ok: true, cents: 500_000 });
    expect(checkAmount("R 100,50", tshwane)).toEqual({ ok: true, cents: 10_050 });
  });

  it("refuses amounts below the minimum or above the maximum, naming the whole range", () => {
    expect(said(checkAmount("9.99", tshwane))).toBe(
      "The amount must be between R 10,00 and R 5 000,00 for this meter.",
    );
    expect(said(checkAmount("5000.01", tshwane))).toBe(
      "The amount must be between R 10,00 and R 5 000,00 for this meter.",
    );
    expect(said(checkAmount("9.99", { minCents: 1_000, maxCents: null }))).toBe(
      "The amount must be at least R 10,00 for this meter.",
    );
  });

  it("allows R 0 only where the meter's minimum is 0 (free basic electricity)", () => {
    expect(checkAmount("0", fbeOnly)).toEqual({ ok: true, cents: 0 });
    expect(checkAmount("0", tshwane).ok).toBe(false);
    expect(checkAmount("0", { minCents: null, maxCents: null }).ok).toBe(false);
  });

  it("refuses what is not an amount, and an empty field", () => {
    expect(checkAmount("", tshwane)).toEqual({ ok: false, message: "Enter the amount in rand." });
    expect(checkAmount("abc", tshwane).ok).toBe(false);
    expect(checkAmount("-5", tshwane).ok).toBe(false);
    expect(checkAmount("10.001", tshwane).ok).toBe(false);
  });

  it("offers only the quick amounts the meter accepts", () => {
    expect(quickAmountsFor({ minCents: 2_500, maxCents: 20_000 })).toEqual([5_000, 10_000, 20_000]);
    expect(quickAmountsFor(tshwane)).toEqual([2_000, 5_000, 10_000, 20_000, 50_000]);
  });

  it("states the range the way the confirm panel shows it", () => {
    expect(plainText(describeRange(tshwane))).toBe("R 10,00 to R 5 000,00");
    expect(plainText(describeRange({ minCents: null, maxCents: null }))).toBe("from R 0,00");
  });
});

describe("bill amount rules", () => {
  const account = { minCents: 1_000, maxCents: 500_000 };

  it("needs more than R 0", () => {
    expect(checkBillAmount("0").ok).toBe(false);
    expect(checkBillAmount("").ok).toBe(false);
    expect(checkBillAmount("1847.32")).toEqual({ ok: true, cents: 184_732 });
  });

  it("refuses an amount outside the account's range, naming the account and both limits", () => {
    expect(checkBillAmount("10", account)).toEqual({ ok: true, cents: 1_000 });
    expect(checkBillAmount("5000", account)).toEqual({ ok: true, cents: 500_000 });
    for (const typed of ["9.99", "5000.01"])
      expect(said(checkBillAmount(typed, account))).toBe(
        "The amount must be between R 10,00 and R 5 000,00 for this account.",
      );
    // No range from the core service: only "more than R 0" is Kassa's to say.
    expect(checkBillAmount("999999")).toEqual({ ok: true, cents: 99_999_900 });
  });
});
