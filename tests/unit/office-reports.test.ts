import { describe, expect, it } from "vitest";
import { buildShiftReport, type ReportSale } from "@/lib/reports/shift-report";
import { countedTotal, DENOMINATIONS } from "@/lib/reports/denominations";
import { glance } from "@/lib/reports/glance";
import { saDayBounds, saHour, saToday, isSaDay } from "@/lib/reports/day";
import { csvField, toCsv } from "@/lib/reports/csv";

const sale = (
  kind: ReportSale["kind"],
  method: ReportSale["method"],
  status: ReportSale["status"],
  amountCents: number,
): ReportSale => ({ kind, method, status, amountCents });

describe("shift report (X and Z)", () => {
  const sales = [
    sale("electricity", "cash", "completed", 10_000),
    sale("electricity", "cash", "completed", 5_050),
    sale("electricity", "card", "completed", 20_000),
    sale("vas", "cash", "completed", 1_200),
    sale("bill", "cash", "failed", 99_900),
    sale("fines", "card", "unknown", 50_000),
    sale("electricity", "cash", "pending", 7_000),
  ];

  it("totals completed sales by kind and method, leaving out failed, unknown and pending ones", () => {
    const r = buildShiftReport({ openingFloatCents: 50_000, sales });
    expect(r.lines).toEqual([
      { kind: "electricity", method: "cash", count: 2, totalCents: 15_050 },
      { kind: "electricity", method: "card", count: 1, totalCents: 20_000 },
      { kind: "vas", method: "cash", count: 1, totalCents: 1_200 },
    ]);
    expect(r.byMethod).toEqual({ cash: 16_250, card: 20_000 });
    expect(r.totalCents).toBe(36_250);
    expect(r.completedCount).toBe(4);
    expect(r.openCount).toBe(2);
    expect(r.failedCount).toBe(1);
  });

  it("expects the float plus cash sales in the drawer (card money never is)", () => {
    const r = buildShiftReport({ openingFloatCents: 50_000, sales });
    expect(r.expectedCashCents).toBe(66_250);
    expect(r.countedCashCents).toBeNull();
    expect(r.varianceCents).toBeNull();
  });

  it("gives the variance as counted minus expected: short is negative, over is positive", () => {
    expect(
      buildShiftReport({ openingFloatCents: 50_000, sales, countedCashCents: 66_000 })
        .varianceCents,
    ).toBe(-250);
    expect(
      buildShiftReport({ openingFloatCents: 50_000, sales, countedCashCents: 66_250 })
        .varianceCents,
    ).toBe(0);
    expect(
      buildShiftReport({ openingFloatCents: 0, sales: [], countedCashCents: 1_000 }).varianceCents,
    ).toBe(1_000);
  });
});

describe("cash counted by denomination", () => {
  it("adds notes and coins in cents", () => {
    expect(countedTotal({ "20000": 2, "5000": 1, "50": 3, "10": 1 })).toBe(
      40_000 + 5_000 + 150 + 10,
    );
    expect(countedTotal({})).toBe(0);
  });
  it("covers R200 down to 10c", () => {
    expect(DENOMINATIONS.map((d) => d.label)).toEqual([
      "R200",
      "R100",
      "R50",
      "R20",
      "R10",
      "R5",
      "R2",
      "R1",
      "50c",
      "20c",
      "10c",
    ]);
  });
  it("refuses a denomination that does not exist and a negative or fractional count", () => {
    expect(() => countedTotal({ "2500": 1 })).toThrow(RangeError);
    expect(() => countedTotal({ "100": -1 })).toThrow(RangeError);
    expect(() => countedTotal({ "100": 1.5 })).toThrow(RangeError);
  });
});

describe("South African days and the day at a glance", () => {
  it("bounds a day at midnight in Johannesburg (UTC+2)", () => {
    const { start, end } = saDayBounds("2026-03-10");
    expect(start.toISOString()).toBe("2026-03-09T22:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-10T22:00:00.000Z");
    expect(isSaDay("2026-02-30")).toBe(false);
    expect(saToday(new Date("2026-03-09T22:30:00Z"))).toBe("2026-03-10");
  });

  it("buckets sales by the South African hour, by kind (in words), by till and by cashier", () => {
    const at = (iso: string) => new Date(iso);
    const g = glance([
      {
        kind: "electricity",
        amountCents: 1_000,
        createdAt: at("2026-03-10T06:15:00Z"),
        tillName: "Till 1",
        cashier: "Thandi",
      },
      {
        kind: "electricity",
        amountCents: 2_000,
        createdAt: at("2026-03-10T06:59:00Z"),
        tillName: "Till 2",
        cashier: "Thandi",
      },
      {
        kind: "vas",
        amountCents: 500,
        createdAt: at("2026-03-09T22:05:00Z"),
        tillName: "Till 1",
        cashier: "Pieter",
      },
    ]);
    expect(saHour(at("2026-03-10T06:15:00Z"))).toBe(8);
    expect(g.perHour).toHaveLength(24);
    expect(g.perHour[8]).toEqual({ label: "08", count: 2, totalCents: 3_000 });
    expect(g.perHour[0]).toEqual({ label: "00", count: 1, totalCents: 500 });
    expect(g.perKind.map((b) => [b.label, b.totalCents])).toEqual([
      ["Electricity", 3_000],
      ["Airtime & vouchers", 500],
    ]);
    expect(g.perTill.map((b) => [b.label, b.count, b.totalCents])).toEqual([
      ["Till 2", 1, 2_000],
      ["Till 1", 2, 1_500],
    ]);
    expect(g.perCashier.map((b) => [b.label, b.totalCents])).toEqual([
      ["Thandi", 3_000],
      ["Pieter", 500],
    ]);
    expect(g.totalCents).toBe(3_500);
  });
});

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks and ends lines in CRLF", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          [null, "two\nlines"],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n,"two\nlines"\r\n');
  });
  it("neutralises text a spreadsheet would run as a formula, but not negative amounts", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("@cmd")).toBe("'@cmd");
    // TAB and CR lead a formula too, and leading spaces do not hide one.
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvField("  =HYPERLINK(1)")).toBe("'  =HYPERLINK(1)");
    expect(csvField("  +27 82")).toBe("'  +27 82");
    expect(csvField("  plain")).toBe("  plain");
  });
});
