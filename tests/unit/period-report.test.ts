import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { daysOf, periodOf, previousPeriod } from "@/lib/reports/period";
import { periodFromQuery } from "@/lib/reports/period-query";
import { reportCsv } from "@/lib/reports/report-csv";
import { changePercent, summarise, type PeriodSale } from "@/lib/reports/summary";

const sa = (local: string) => new Date(`${local}+02:00`);

describe("periods", () => {
  it("runs a week from Monday and a month over its days, each with the same length before", () => {
    const week = periodOf("week", "2026-11-26");
    expect([week.from, week.to]).toEqual(["2026-11-23", "2026-11-29"]);
    expect(week.start).toEqual(sa("2026-11-23T00:00:00"));
    expect(previousPeriod(week).from).toBe("2026-11-16");
    const march = periodOf("month", "2026-03-31");
    expect([march.from, march.to]).toEqual(["2026-03-01", "2026-03-31"]);
    expect([previousPeriod(march).from, previousPeriod(march).to]).toEqual([
      "2026-02-01",
      "2026-02-28",
    ]);
    const range = periodOf("range", "2026-11-10", "2026-11-12");
    expect(daysOf(previousPeriod(range))).toEqual(["2026-11-07", "2026-11-08", "2026-11-09"]);
  });

  it("reads the query string, and says what is wrong with it", () => {
    const now = sa("2026-11-26T12:00:00");
    expect(periodFromQuery({ period: "day", day: "2026-11-20" }, "week", now).period.label).toBe(
      "2026-11-20",
    );
    const bad = periodFromQuery({ period: "day", day: "2026-02-30" }, "week", now);
    expect(bad.error).toBe("Choose a date.");
    expect(bad.period.from).toBe("2026-11-23");
  });
});

const sale = (over: Partial<PeriodSale>): PeriodSale => ({
  kind: "electricity",
  method: "cash",
  amountCents: 10_000,
  commissionCents: 250,
  createdAt: sa("2026-11-23T09:15:00"),
  tillName: "Till 1",
  cashier: "Cashier One",
  municipality: "tshwane_prepaid",
  productName: null,
  ...over,
});

describe("summarise", () => {
  it("adds up totals, average and commission, and splits them every way", () => {
    const s = summarise(
      [
        sale({}),
        sale({
          kind: "vas",
          method: "card",
          amountCents: 2_901,
          commissionCents: 145,
          productName: "Vodacom airtime R29",
          municipality: null,
          createdAt: sa("2026-11-24T17:59:00"),
          cashier: "Cashier Two",
        }),
        sale({ amountCents: 5_000, commissionCents: 125, createdAt: sa("2026-11-24T09:00:00") }),
      ],
      daysOf(periodOf("week", "2026-11-23")),
    );
    expect(s).toMatchObject({
      count: 3,
      totalCents: 17_901,
      averageCents: 5_967,
      commissionCents: 520,
    });
    expect(s.byKind.map((g) => [g.key, g.totalCents, g.commissionCents])).toEqual([
      ["electricity", 15_000, 375],
      ["vas", 2_901, 145],
    ]);
    expect(s.byHour[9]).toMatchObject({ count: 2, totalCents: 15_000 });
    expect(s.byHour[17]).toMatchObject({ count: 1 });
    expect(s.byDay.map((d) => d.totalCents)).toEqual([10_000, 7_901, 0, 0, 0, 0, 0]);
    expect(s.byMethod.map((g) => g.label)).toEqual(["Cash", "Card"]);
    expect(s.byProduct.map((g) => g.label)).toContain("Electricity, City of Tshwane (prepaid)");
    expect(changePercent(110, 100)).toBe(10);
    expect(changePercent(5, 0)).toBeNull();
  });

  it("writes a CSV a parser reads back to the cent", () => {
    const days = daysOf(periodOf("day", "2026-11-23"));
    const now = summarise([sale({}), sale({ amountCents: 1, commissionCents: 0 })], days);
    const previous = summarise([sale({ amountCents: 999 })], days);
    const rows = parse(
      reportCsv({ label: "2026-11-23", beforeLabel: "2026-11-22", now, previous }),
      {
        columns: true,
      },
    ) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      breakdown: "total",
      "amount 2026-11-23": "100.01",
      "commission 2026-11-23": "2.50",
      "amount 2026-11-22": "9.99",
    });
    expect(rows.find((r) => r.breakdown === "cashier")?.item).toBe("Cashier One");
  });
});
