import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import type { Db } from "@/lib/db/open";
import { ownDataDir, staffOf } from "./office-support";
import { payBill, sellElectricity, sellVas } from "./owner-sales";
import { connectToSharedSandbox } from "./upstream-sandbox";

/**
 * Commission on real sales through the sandbox: each completed sale's commission is written
 * by the settle path with the rate in force when it was made, a rate changed in the middle of
 * the month applies from its moment on only, a sale completed by another path is caught up
 * with its own moment's rate, and the report per kind and cashier adds up to the cent.
 */
let database: Db;
let cashier: Staff;
let cashier2: Staff;
let schema: typeof import("@/lib/db/schema");
let rates: typeof import("@/lib/commission/rates");
let record: typeof import("@/lib/commission/record");

const supervisor = { userId: null, username: "supervisor", role: "supervisor" };

beforeAll(async () => {
  ownDataDir();
  connectToSharedSandbox();
  schema = await import("@/lib/db/schema");
  rates = await import("@/lib/commission/rates");
  record = await import("@/lib/commission/record");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf(database, "cashier", "till-1");
  cashier2 = await staffOf(database, "cashier2", "till-2");
  const { openShift } = await import("@/lib/shifts/current");
  await openShift(cashier, 0);
  await openShift(cashier2, 0);
});

/** The settle path writes the commission beside the sale: wait for its row (never the catch-up). */
async function commissionOf(saleId: string): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await database
      .select()
      .from(schema.saleCommissions)
      .where(eq(schema.saleCommissions.saleId, saleId));
    if (row) return row.cents;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no commission was written for ${saleId}`);
}

describe("commission", () => {
  const before = {} as Record<"tshwane" | "zeerust" | "bill" | "mtn" | "vod" | "late", string>;
  const after = {} as Record<"tshwane" | "zeerust" | "bill", string>;
  let changedAt: Date;

  it("is refused from a moment in the past", async () => {
    await expect(
      rates.addRate(supervisor, {
        kind: "fines",
        municipality: null,
        productId: null,
        category: null,
        basisPoints: 100,
        fixedCents: 0,
        effectiveFrom: new Date(Date.now() - 3_600_000),
      }),
    ).rejects.toThrow(/has not passed/);
  });

  it("is computed when each sale settles, with the rate in force then", async () => {
    const start = new Date(Date.now() - 3_600_000);
    const rate = (over: Partial<import("@/lib/commission/rates").NewRate>) =>
      rates.addRate(
        supervisor,
        {
          kind: "electricity",
          municipality: null,
          productId: null,
          category: null,
          basisPoints: 0,
          fixedCents: 0,
          effectiveFrom: start,
          ...over,
        },
        start,
      );
    await rate({ basisPoints: 250 }); // electricity anywhere: 2.5 %
    await rate({ municipality: "zeerust_prepaid", basisPoints: 175 }); // Zeerust: 1.75 %
    await rate({ kind: "bill", fixedCents: 350 }); // bills: R 3,50 a payment
    await rate({ kind: "vas", category: "airtime", basisPoints: 300 }); // airtime: 3 %
    await rate({ kind: "vas", productId: "VOD-AIR-29", basisPoints: 500, fixedCents: 10 });

    before.tshwane = (await sellElectricity(cashier, "01100000007", "tshwane_prepaid", 12_345)).id;
    before.zeerust = (await sellElectricity(cashier2, "02100000005", "zeerust_prepaid", 10_001)).id;
    before.bill = (await payBill(cashier, "5000123456", "tshwane_postpaid", 20_000)).id;
    before.mtn = (await sellVas(cashier2, "MTN-AIR-15")).id;
    before.vod = (await sellVas(cashier, "VOD-AIR-29")).id;

    expect(await commissionOf(before.tshwane)).toBe(309); // 123.45 × 2.5 % = 3.086… → 3.09
    expect(await commissionOf(before.zeerust)).toBe(175); // 100.01 × 1.75 % = 1.750… → 1.75
    expect(await commissionOf(before.bill)).toBe(350);
    expect(await commissionOf(before.mtn)).toBe(45); // 15 × 3 %
    expect(await commissionOf(before.vod)).toBe(155); // 29 × 5 % + 0.10
  });

  it("changed in the middle of the month, applies to sales from then on only", async () => {
    changedAt = new Date();
    await rates.addRate(supervisor, {
      kind: "electricity",
      municipality: null,
      productId: null,
      category: null,
      basisPoints: 300,
      fixedCents: 50,
      effectiveFrom: changedAt,
    });
    await rates.addRate(supervisor, {
      kind: "bill",
      municipality: null,
      productId: null,
      category: null,
      basisPoints: 0,
      fixedCents: 400,
      effectiveFrom: changedAt,
    });
    after.tshwane = (await sellElectricity(cashier2, "01100000007", "tshwane_prepaid", 5_000)).id;
    after.zeerust = (await sellElectricity(cashier, "02100000005", "zeerust_prepaid", 3_333)).id;
    after.bill = (await payBill(cashier2, "3100200300", "mogale_postpaid", 9_650)).id;

    expect(await commissionOf(after.tshwane)).toBe(200); // 50 × 3 % + 0.50
    // The Zeerust rate is more specific than the new kind-wide one: it still applies.
    expect(await commissionOf(after.zeerust)).toBe(58); // 33.33 × 1.75 % = 0.583… → 0.58
    expect(await commissionOf(after.bill)).toBe(400);
    // Nothing sold before the change was rewritten.
    expect(await commissionOf(before.tshwane)).toBe(309);
    expect(await commissionOf(before.bill)).toBe(350);
  });

  it("catches up a sale completed without its commission, with the rate of its own moment", async () => {
    const [late] = await database
      .insert(schema.sales)
      .values({
        idempotencyKey: randomUUID(),
        kind: "electricity",
        method: "cash",
        status: "completed",
        amountCents: 40_000,
        reference: "01100000007",
        request: { meterNumber: "01100000007", municipality: "tshwane_prepaid" },
        userId: cashier.userId,
        tillId: cashier.till.id,
        // Made before the change, completed later by a supervisor (no settle path ran).
        createdAt: new Date(changedAt.getTime() - 60_000),
      })
      .returning();
    before.late = late!.id;
    expect(await record.catchUpCommissions(database)).toBe(1);
    const [row] = await database
      .select()
      .from(schema.saleCommissions)
      .where(inArray(schema.saleCommissions.saleId, [late!.id]));
    expect(row!.cents).toBe(1000); // 400 × 2.5 %, the rate before the change
    expect(await record.catchUpCommissions(database)).toBe(0);
  });

  it("reports the period per kind and per cashier to the cent", async () => {
    const { periodSales } = await import("@/lib/reports/period-sales");
    const { summarise } = await import("@/lib/reports/summary");
    const rows = await periodSales(database, {
      start: new Date(Date.now() - 2 * 3_600_000),
      end: new Date(Date.now() + 60_000),
    });
    const report = summarise(rows, []);
    const byKind = Object.fromEntries(report.byKind.map((g) => [g.key, g.commissionCents]));
    expect(byKind).toEqual({
      electricity: 309 + 175 + 200 + 58 + 1000,
      bill: 350 + 400,
      vas: 45 + 155,
    });
    const byCashier = Object.fromEntries(report.byCashier.map((g) => [g.key, g.commissionCents]));
    expect(byCashier).toEqual({
      [cashier.name]: 309 + 350 + 155 + 58 + 1000,
      [cashier2.name]: 175 + 45 + 200 + 400,
    });
    expect(report.commissionCents).toBe(1034 + 658 + 1000);
    const product = Object.fromEntries(report.byProduct.map((g) => [g.label, g.commissionCents]));
    expect(product["Vodacom airtime R29"]).toBe(155);
    const places = Object.fromEntries(report.byMunicipality.map((g) => [g.key, g.commissionCents]));
    expect(places.zeerust_prepaid).toBe(175 + 58);
  });

  it("checks a month's statement against the figure the owner typed", async () => {
    const { statementCheck } = await import("@/lib/commission/statement");
    const { saMonth } = await import("@/lib/reports/period");
    const month = saMonth(new Date());
    const unchecked = await statementCheck(month);
    expect(unchecked.statedCents).toBeNull();
    await rates.enterStatement(supervisor, month, unchecked.kassaCents - 125);
    const checked = await statementCheck(month);
    expect(checked.differenceCents).toBe(-125);
  });
});
