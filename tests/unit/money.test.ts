import { describe, expect, it } from "vitest";
import { centsToInput } from "@/lib/amount-input";
import {
  centsToRands,
  formatRand,
  MINUS,
  parseRandInput,
  plainText,
  randsToCents,
  vatIncluded,
} from "@/lib/money";

describe("money", () => {
  it("converts between wire rands and cents without float noise", () => {
    expect(randsToCents(12.3)).toBe(1230);
    expect(randsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToRands(1230)).toBe(12.3);
    expect(() => centsToRands(12.5)).toThrow(RangeError);
  });

  it("reads what a cashier types", () => {
    expect(parseRandInput("100")).toBe(10000);
    expect(parseRandInput("100.5")).toBe(10050);
    expect(parseRandInput("R 1 234,56")).toBe(123456);
    expect(parseRandInput("0")).toBe(0);
    expect(parseRandInput("12.345")).toBeNull();
    expect(parseRandInput("-5")).toBeNull();
    expect(parseRandInput("abc")).toBeNull();
    expect(parseRandInput("")).toBeNull();
  });

  it("fills an amount field the way a cashier types, so it reads back the same", () => {
    expect(centsToInput(10_000)).toBe("100");
    expect(centsToInput(184_732)).toBe("1847.32");
    expect(centsToInput(5)).toBe("0.05");
    for (const cents of [0, 5, 10_050, 184_732])
      expect(parseRandInput(centsToInput(cents))).toBe(cents);
  });

  it("shows rand the South African way, with no-break spaces and one minus sign", () => {
    expect(formatRand(123456)).toBe("R\u00a01\u00a0234,56");
    expect(formatRand(5000)).toBe("R\u00a050,00");
    expect(formatRand(-40000)).toBe("\u2212R\u00a0400,00");
    expect(MINUS).toBe("\u2212");
    expect(formatRand(-0)).toBe("R\u00a00,00");
  });

  it("never offers a line break inside an amount", () => {
    for (const cents of [0, 5, 5000, 123456, 123456789, -1, -40000, -123456789]) {
      const shown = formatRand(cents);
      // No breaking space, no hyphen-minus (a line may break after "-"), nothing but the amount.
      expect(shown, shown).toMatch(/^\u2212?R\u00a0\d{1,3}(\u00a0\d{3})*,\d\d$/);
      expect(shown).not.toMatch(/[ \t\n-]/);
    }
  });

  it("gives paper and files plain characters, and reads its own output back", () => {
    expect(plainText(formatRand(123456))).toBe("R 1 234,56");
    expect(plainText(formatRand(-40000))).toBe("-R 400,00");
    for (const cents of [0, 5, 5000, 123456]) expect(parseRandInput(formatRand(cents))).toBe(cents);
  });

  it("finds the VAT inside a VAT-inclusive amount", () => {
    expect(vatIncluded(11500, 15)).toBe(1500);
    expect(vatIncluded(10000, 15)).toBe(1304);
  });
});
