import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { amountSplit } from "@/lib/kinds/electricity/amount-split";
import { confirmNotices, meterHints } from "@/lib/kinds/electricity/confirm-notices";
import { quickAmountsFor } from "@/lib/kinds/electricity/amount-rules";

describe("the slip's split of the amount paid", () => {
  it("shows electricity beside the arrears, so R 50 paid reads as R 50 (not 'Arrears R 43,48' alone)", () => {
    // R 200 on an arrears meter: 25% (R 50) to arrears, VAT 15% contained in the whole.
    const lines = amountSplit({
      amountCents: 20_000,
      vatCents: 2_609,
      charges: [{ description: "Arrears", amountCents: 4_348 }],
    });
    expect(lines).toEqual([
      { label: "Electricity", amountCents: 13_043, kind: "electricity" },
      { label: "Arrears", amountCents: 4_348, kind: "deduction" },
      { label: "VAT", amountCents: 2_609, kind: "vat" },
    ]);
  });

  it("always adds up to the amount paid", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        (amount, charges) => {
          const vat = Math.round((amount * 15) / 115);
          const lines = amountSplit({
            amountCents: amount,
            vatCents: vat,
            charges: charges.map((c, i) => ({ description: `Charge ${i}`, amountCents: c })),
          });
          expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(amount);
        },
      ),
    );
  });
});

describe("what the confirm screen says before Purchase", () => {
  it("warns of arrears and fixed charges and says when free basic electricity is due", () => {
    const kinds = confirmNotices({
      arrearsCents: 245_000,
      fixedChargesCents: 36_000,
      fbeDue: true,
      acceptsZero: false,
    }).map((n) => n.kind);
    expect(kinds).toEqual(["arrears", "fixed_charges", "fbe"]);
    expect(
      confirmNotices({
        arrearsCents: null,
        fixedChargesCents: 0,
        fbeDue: false,
        acceptsZero: false,
      }),
    ).toEqual([]);
  });

  it("offers R 0 first on a meter that takes it (FBE only), and only amounts within the meter's range", () => {
    expect(quickAmountsFor({ minCents: 0, maxCents: 10_000 })).toEqual([0, 2_000, 5_000, 10_000]);
    expect(quickAmountsFor({ minCents: 10_000, maxCents: null })).toEqual([10_000, 20_000, 50_000]);
    expect(
      meterHints({ arrearsCents: null, fixedChargesCents: null, fbeDue: true, minCents: 0 }),
    ).toEqual({ arrearsCents: null, fixedChargesCents: null, fbeDue: true, acceptsZero: true });
  });
});
