import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { compactNumber } from "@/lib/typed-number";
import { METER_MISTYPED_MESSAGE, meterLooksMistyped } from "@/lib/kinds/electricity/meter-number";
import { meterReferenceSchema } from "@/app/(till)/electricity/schema";
import { accountReferenceSchema } from "@/app/(till)/bills/schema";
import { searchFormsOf } from "@/lib/kinds/vas/mobile";

/** The first message the shared schema gives for the number, or its value when it passes. */
function meter(typed: string): string {
  const parsed = z.safeParse(meterReferenceSchema, {
    number: typed,
    municipality: "tshwane_prepaid",
  });
  return parsed.success ? parsed.data.number : parsed.error.issues[0]!.message;
}

describe("numbers as cashiers type them", () => {
  it("drops the spaces and dashes between groups, a pasted non-breaking space too", () => {
    expect(compactNumber("0110 0000 007")).toBe("01100000007");
    expect(compactNumber("011-000-00007")).toBe("01100000007");
    expect(compactNumber(" 0110\u00a00000 007 ")).toBe("01100000007");
  });

  it("confirms a meter typed in groups, and keeps it without its spaces", () => {
    expect(meter("0110 0000 007")).toBe("01100000007");
    expect(meter("0110-0000-007")).toBe("01100000007");
    expect(meter("1411 0000 0000 8")).toBe("1411000000008");
    const account = z.safeParse(accountReferenceSchema, {
      number: "5000 123 456",
      municipality: "tshwane_postpaid",
    });
    expect(account.success && account.data.number).toBe("5000123456");
  });

  it("calls a meter number whose check digit does not add up mistyped, before anything is sent", () => {
    // 01100000007 is the sandbox's Tshwane meter; one digit changed breaks its Luhn check digit.
    expect(meterLooksMistyped("01100000007")).toBe(false);
    expect(meterLooksMistyped("01100000008")).toBe(true);
    expect(meterLooksMistyped("01010000007")).toBe(true);
    expect(meter("0110 0000 008")).toBe(METER_MISTYPED_MESSAGE);
    expect(METER_MISTYPED_MESSAGE).toMatch(/looks mistyped/);
    // Lengths without a rule Kassa knows go to the municipality as typed.
    expect(meterLooksMistyped("123456")).toBe(false);
    expect(meter("0110ABC0007")).toBe("A meter number has digits only.");
  });

  it("searches for a mobile number in every form it may be kept or typed in", () => {
    expect(searchFormsOf("082 123 4567")).toEqual(["0821234567", "27821234567"]);
    expect(searchFormsOf("0821234567")).toEqual(["0821234567", "27821234567"]);
    expect(searchFormsOf("+27 82 123 4567")).toEqual(["27821234567"]);
    expect(searchFormsOf("082 123")).toEqual(["082123", "2782123"]);
    expect(searchFormsOf("01100000007")).toEqual(["01100000007"]);
    expect(searchFormsOf(" ")).toEqual([]);
  });
});
