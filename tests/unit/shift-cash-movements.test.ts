import { describe, expect, it } from "vitest";
import { buildShiftReport } from "@/lib/reports/shift-report";

describe("cash drops and pay-outs in the shift report", () => {
  const sales = [
    { kind: "electricity", method: "cash", status: "completed", amountCents: 100_000 },
  ] as const;

  it("takes drops and pay-outs off the cash expected in the drawer, and lists each with its reason", () => {
    const r = buildShiftReport({
      openingFloatCents: 50_000,
      sales: [...sales],
      cashMovements: [
        {
          kind: "drop",
          amountCents: 80_000,
          reason: "To the safe",
          at: "2026-11-23T10:00:00.000Z",
        },
        {
          kind: "payout",
          amountCents: 2_500,
          reason: "Milk for the staff room",
          at: "2026-11-23T11:00:00.000Z",
        },
      ],
      countedCashCents: 67_500,
    });
    expect(r.cashDropsCents).toBe(80_000);
    expect(r.payOutsCents).toBe(2_500);
    expect(r.expectedCashCents).toBe(67_500);
    expect(r.varianceCents).toBe(0);
    expect(r.cashMovements?.map((m) => m.reason)).toEqual([
      "To the safe",
      "Milk for the staff room",
    ]);
    // Card and sales totals are not touched by cash leaving the drawer.
    expect(r.totalCents).toBe(100_000);
  });

  it("expects the float plus cash sales when nothing left the drawer", () => {
    expect(
      buildShiftReport({ openingFloatCents: 50_000, sales: [...sales] }).expectedCashCents,
    ).toBe(150_000);
  });
});
