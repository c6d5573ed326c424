import { describe, expect, it } from "vitest";
import { planOrder } from "@/lib/sales/card/lines";

describe("planOrder", () => {
  it("makes one electricity line with the VAT included at 15%", () => {
    const plan = planOrder(
      {
        kind: "electricity",
        amountCents: 5000,
        reference: "01100000008",
        request: {
          meterNumber: "01100000008",
          municipality: "tshwane_prepaid",
          customerName: null,
          minCents: null,
          maxCents: null,
        },
      },
      15,
    );
    expect(plan.lines).toEqual([
      expect.objectContaining({
        name: "Prepaid electricity, meter 01100000008",
        description: "Tshwane",
        unitPriceCents: 5000,
        quantity: 1,
        vatPercent: 15,
        vatCents: 652,
      }),
    ]);
    expect(plan.vatCents).toBe(652);
    expect(plan.description).toBe("Prepaid electricity, meter 01100000008, R 50,00");
  });

  it("makes one line per traffic fine, without VAT", () => {
    const plan = planOrder(
      {
        kind: "fines",
        amountCents: 75000,
        reference: "A,B",
        request: finesRequest([
          { noticeNumber: "1001", grossCents: 50000 },
          { noticeNumber: "1002", grossCents: 25000 },
        ]),
      },
      15,
    );
    expect(plan.lines.map((l) => [l.id, l.name, l.unitPriceCents, l.vatCents])).toEqual([
      ["1", "Traffic fine, notice 1001", 50000, null],
      ["2", "Traffic fine, notice 1002", 25000, null],
    ]);
    expect(plan.vatCents).toBeNull();
    expect(plan.description).toMatch(/^Traffic fines \(2 notices\)/);
  });

  it("falls back to one line for the whole sale when the fines do not add up to its amount", () => {
    const plan = planOrder(
      {
        kind: "fines",
        amountCents: 80000,
        reference: "1001",
        request: finesRequest([{ noticeNumber: "1001", grossCents: 50000 }]),
      },
      15,
    );
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]).toMatchObject({ name: "Traffic fines 1001", unitPriceCents: 80000 });
  });

  it("names the VAS product and leaves VAT out of lotto", () => {
    const airtime = planOrder(
      {
        kind: "vas",
        amountCents: 2900,
        reference: "p1",
        request: vasRequest({
          productId: "p1",
          productName: "Vodacom airtime R29",
          category: "airtime",
          totalCents: 2900,
        }),
      },
      15,
    );
    expect(airtime.lines[0]).toMatchObject({ name: "Vodacom airtime R29", vatCents: vatOf(2900) });
    const lotto = planOrder(
      {
        kind: "vas",
        amountCents: 5000,
        reference: "l1",
        request: vasRequest({
          productId: "l1",
          productName: "Lotto",
          category: "lotto",
          totalCents: 5000,
        }),
      },
      15,
    );
    expect(lotto.vatCents).toBeNull();
  });

  it("never adds VAT to a municipal bill payment", () => {
    const plan = planOrder(
      {
        kind: "bill",
        amountCents: 12345,
        reference: "ACC1",
        request: { accountNumber: "ACC1", municipality: "mogale_postpaid", customerName: null },
      },
      15,
    );
    expect(plan.lines[0]).toMatchObject({
      name: "Municipal account ACC1",
      description: "Mogale",
      vatPercent: null,
    });
  });
});

/** Requests in the kinds' one stored shape (lib/kinds/): card lines read nothing else. */
function finesRequest(fines: { noticeNumber: string; grossCents: number }[]) {
  return {
    lookup: { kind: "notice", shown: fines[0]!.noticeNumber },
    paymentType: "CARD",
    fines: fines.map((f) => ({
      ...f,
      netCents: f.grossCents,
      vendorFeeCents: 0,
      charge: "Speeding",
      date: null,
    })),
  };
}

function vasRequest(p: {
  productId: string;
  productName: string;
  category: string;
  totalCents: number;
}) {
  return {
    ...p,
    brand: "",
    reference: [],
    amountCents: p.totalCents,
    fees: [],
    recipient: null,
    quoteId: null,
  };
}

it("uses one line for the whole sale when the stored request is not the kind's shape", () => {
  const plan = planOrder(
    { kind: "vas", amountCents: 1000, reference: "x1", request: { productId: "x1" } },
    15,
  );
  expect(plan.lines).toEqual([
    expect.objectContaining({
      name: "Airtime, data or voucher x1",
      unitPriceCents: 1000,
      vatCents: null,
    }),
  ]);
});

function vatOf(cents: number) {
  return Math.round((cents * 15) / 115);
}
