import { describe, expect, it } from "vitest";
import {
  finesReference,
  selectedFines,
  selectionTotals,
  unpaidNotices,
} from "@/lib/kinds/fines/selection";
import { finesSlipData } from "@/lib/kinds/fines/slip-data";
import type { FineRow } from "@/lib/kinds/fines/view";
import { payability } from "@/lib/kinds/fines/payability";

const row = (
  noticeNumber: string,
  netCents: number,
  isPaid = false,
  registryStatus: number | null = null,
): FineRow => ({
  noticeNumber,
  registryStatus,
  date: "2026-09-14",
  time: "07:42:10",
  place: "Jan Smuts Avenue",
  charge: "Speeding",
  demeritPoints: 1,
  vehicle: null,
  netCents,
  vendorFeeCents: 2500,
  grossCents: netCents + 2500,
  isPaid,
});

const FINES = [row("A1", 50000), row("B2", 100000), row("C3", 25000, true)];

describe("choosing fines", () => {
  it("totals only the chosen unpaid fines", () => {
    expect(selectionTotals(FINES, new Set(["A1"]))).toEqual({
      count: 1,
      netCents: 50000,
      vendorFeeCents: 2500,
      grossCents: 52500,
    });
    expect(selectionTotals(FINES, new Set(["A1", "B2"]))).toEqual({
      count: 2,
      netCents: 150000,
      vendorFeeCents: 5000,
      grossCents: 155000,
    });
    expect(selectionTotals(FINES, new Set())).toEqual({
      count: 0,
      netCents: 0,
      vendorFeeCents: 0,
      grossCents: 0,
    });
  });

  it("ignores a paid fine even when it is in the selection", () => {
    expect(selectedFines(FINES, new Set(["C3", "B2"])).map((f) => f.noticeNumber)).toEqual(["B2"]);
    expect(selectionTotals(FINES, new Set(["C3"])).grossCents).toBe(0);
    expect(unpaidNotices(FINES)).toEqual(["A1", "B2"]);
  });

  it("makes one reference whatever the order of choosing", () => {
    expect(finesReference(["B2", "A1"])).toBe("A1 B2");
  });
});

describe("the fines slip", () => {
  const request = {
    lookup: { kind: "id", shown: "*********3089" },
    paymentType: "CASH",
    fines: [
      {
        noticeNumber: "A1",
        grossCents: 52500,
        netCents: 50000,
        vendorFeeCents: 2500,
        charge: "Speeding",
        date: "2026-09-14",
      },
    ],
  };
  const result = {
    orderId: "TFO1",
    grossCents: 52500,
    netCents: 50000,
    vendorFeeCents: 2500,
    merchantFeeCents: 0,
    fines: [
      {
        noticeNumber: "A1",
        invoiceNumber: "RI2",
        receiptNumber: "RR3",
        grossCents: 52500,
        netCents: 50000,
        vendorFeeCents: 2500,
      },
    ],
  };

  it("lists each fine with the registry's numbers and the masked look-up", () => {
    const data = finesSlipData(request, result);
    expect(data?.fines).toEqual([
      {
        noticeNumber: "A1",
        charge: "Speeding",
        date: "2026-09-14",
        invoiceNumber: "RI2",
        receiptNumber: "RR3",
        grossCents: 52500,
      },
    ]);
    expect(data?.lookedUpBy).toBe("ID number *********3089");
    expect(data?.grossCents).toBe(52500);
  });

  it("refuses a result it cannot read instead of printing a wrong slip", () => {
    expect(finesSlipData(request, { orderId: "x" })).toBeNull();
  });
});

describe("fines that cannot be paid here", () => {
  const fines = [
    row("A", 10_000),
    row("COURT", 20_000, false, 10),
    row("PART", 30_000, false, 13),
    row("PAID", 40_000, true),
  ];

  it("says why a court case, a partly paid or a paid fine cannot be chosen", () => {
    expect(payability(fines[0]!)).toEqual({ payable: true });
    expect(payability(fines[1]!)).toMatchObject({ payable: false, why: "court_case" });
    expect(payability(fines[2]!)).toMatchObject({ payable: false, why: "partly_paid" });
    expect(payability(fines[3]!)).toMatchObject({ payable: false, why: "paid" });
  });

  it("leaves them out of select-all and out of the total even when a stale screen sends them", () => {
    expect(unpaidNotices(fines)).toEqual(["A"]);
    expect(selectionTotals(fines, new Set(["A", "COURT", "PART", "PAID"])).netCents).toBe(10_000);
  });
});
