import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { Approved } from "@/lib/auth/approval";
import type { Staff } from "@/lib/auth/staff";
import type { Db } from "@/lib/db/open";
import { approved, ownDataDir, staffOf } from "./office-support";
import { payBill, sellElectricity, sellVas } from "./owner-sales";
import { connectToSharedSandbox } from "./upstream-sandbox";

/**
 * A day's books from real sales through the sandbox: two tills' shifts closed with a short
 * and an over drawer, a pay-out, a sale resolved after its shift closed and a kiosk sale.
 * The Sage and Xero files, read back with a CSV parser by the columns each program
 * documents, balance and equal the day's Z reports and the journal to the cent; exporting
 * twice gives the same bytes.
 */
let database: Db;
let cashier: Staff;
let cashier2: Staff;
let supervisor: Approved;
let schema: typeof import("@/lib/db/schema");

const cents = (text: string) => (text === "" ? 0 : Math.round(Number(text) * 100));

beforeAll(async () => {
  ownDataDir();
  connectToSharedSandbox();
  process.env.KASSA_VAT_PERCENT = "15";
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf(database, "cashier", "till-1");
  cashier2 = await staffOf(database, "cashier2", "till-2");
  supervisor = approved(await staffOf(database, "supervisor", "till-1"));
  const { addRate } = await import("@/lib/commission/rates");
  const base = { municipality: null, productId: null, category: null, effectiveFrom: null };
  await addRate(
    { username: "supervisor" },
    { ...base, kind: "electricity", basisPoints: 250, fixedCents: 0 },
  );
  await addRate(
    { username: "supervisor" },
    { ...base, kind: "bill", basisPoints: 0, fixedCents: 350 },
  );
  await addRate(
    { username: "supervisor" },
    { ...base, kind: "vas", basisPoints: 300, fixedCents: 0 },
  );
});

describe("accounting export of a day", () => {
  let day: string;

  it("is made from the day's shifts", async () => {
    const { openShift } = await import("@/lib/shifts/current");
    const { recordCashMovement } = await import("@/lib/shifts/cash-movements");
    const { closeShift } = await import("@/lib/shifts/close");
    const { resolveSale } = await import("@/lib/office/resolve");
    const shift1 = await openShift(cashier, 50_000);
    await openShift(cashier2, 20_000);
    await sellElectricity(cashier, "01100000007", "tshwane_prepaid", 12_345);
    await payBill(cashier, "5000123456", "tshwane_postpaid", 20_000);
    await sellVas(cashier2, "VOD-AIR-29");
    await sellElectricity(cashier2, "02100000005", "zeerust_prepaid", 7_777);
    await recordCashMovement(cashier, { kind: "payout", amountCents: 1_500, reason: "Milk" });
    await recordCashMovement(cashier, { kind: "drop", amountCents: 30_000, reason: "Safe" });
    // A sale left not confirmed in the first shift, resolved by a supervisor after the close.
    const [unknown] = await database
      .insert(schema.sales)
      .values({
        idempotencyKey: randomUUID(),
        kind: "electricity",
        method: "cash",
        status: "unknown",
        amountCents: 4_000,
        reference: "01100000007",
        request: { municipality: "tshwane_prepaid" },
        userId: cashier.userId,
        tillId: cashier.till.id,
        shiftId: shift1.id,
        attempts: 1,
      })
      .returning();
    // Till 1: float 500 + 123.45 + 200 cash − 15 pay-out − 300 drop = 508.45 expected; 508.00 counted.
    const z1 = await closeShift(cashier, undefined, {
      "20000": 2,
      "5000": 2,
      "500": 1,
      "200": 1,
      "100": 1,
    });
    expect(z1.varianceCents).toBe(-45);
    // Till 2: float 200 + 29 + 77.77 = 306.77 expected; 307.00 counted.
    const z2 = await closeShift(cashier2, undefined, {
      "20000": 1,
      "10000": 1,
      "500": 1,
      "200": 1,
    });
    expect(z2.varianceCents).toBe(23);
    await resolveSale(
      supervisor,
      unknown!.id,
      "completed",
      "The customer has the token on their slip",
    );
    // A kiosk's card sale: no shift.
    await database.insert(schema.sales).values({
      idempotencyKey: randomUUID(),
      kind: "fines",
      method: "card",
      status: "completed",
      amountCents: 50_000,
      reference: "notice",
      request: {},
      userId: cashier.userId,
      tillId: "kiosk-1",
      settledAt: new Date(),
      attempts: 1,
    });
    const { saToday } = await import("@/lib/reports/day");
    day = saToday();
  });

  it("equals the Z reports and the journal to the cent, balanced, in the columns Sage and Xero document", async () => {
    const { booksOf } = await import("@/lib/accounting/entries");
    const { sageCsv, xeroCsv, SAGE_COLUMNS, XERO_COLUMNS } =
      await import("@/lib/accounting/journal");
    const { DEFAULT_MAPPING } = await import("@/lib/accounting/mapping");
    const { saDayBounds } = await import("@/lib/reports/day");
    const books = await booksOf(saDayBounds(day));
    expect(books.zReports.map((z) => z.totalCents)).toEqual([32_345, 10_677]);
    // The journal's completed sales of the day: both Z reports, the resolved sale and the kiosk's.
    expect(books.check).toEqual({
      zTotalCents: 43_022,
      journalTotalCents: 43_022 + 4_000 + 50_000,
      exportTakingsCents: 43_022 + 4_000 + 50_000,
      balanced: true,
    });
    expect(books.entries.map((e) => e.reference)).toEqual([
      `Z-${books.zReports[0]!.zNumber}`,
      `Z-${books.zReports[1]!.zNumber}`,
      `D-${day.replaceAll("-", "")}`,
    ]);

    const sage = parse(sageCsv(books.entries), { columns: true }) as Record<string, string>[];
    expect(Object.keys(sage[0]!)).toEqual([...SAGE_COLUMNS]);
    const debit = sage.reduce((s, r) => s + cents(r.Debit!), 0);
    const credit = sage.reduce((s, r) => s + cents(r.Credit!), 0);
    expect(debit).toBe(credit);
    const ofAccount = (
      rows: Record<string, string>[],
      account: string,
      column: "Debit" | "Credit",
    ) =>
      rows
        .filter((r) => r["Ledger Account Number"] === account)
        .reduce((s, r) => s + cents(r[column]!), 0);
    // Takings: cash and card debits are every completed sale of the day.
    expect(
      ofAccount(sage, DEFAULT_MAPPING.cashOnHand, "Debit") -
        23 +
        ofAccount(sage, DEFAULT_MAPPING.cardClearing, "Debit"),
    ).toBe(97_022);
    // Commission: 2.5 % of 123.45 (3.09), 77.77 (1.94) and 40.00 (1.00); R 3,50 on the bill; 3 % of 29 (0.87).
    const commission = 309 + 194 + 100 + 350 + 87;
    const vat = ofAccount(sage, DEFAULT_MAPPING.vatOnCommission, "Credit");
    expect(ofAccount(sage, DEFAULT_MAPPING.commissionIncome, "Credit") + vat).toBe(commission);
    // VAT is inside each entry's commission: Till 1's (3.09 + 3.50), Till 2's (0.87 + 1.94), the day's (1.00).
    const vatOf = (c: number) => Math.round((c * 15) / 115);
    expect(vat).toBe(vatOf(309 + 350) + vatOf(87 + 194) + vatOf(100));
    // Provider liabilities: each kind's takings less its commission.
    expect(ofAccount(sage, DEFAULT_MAPPING.liability_electricity, "Credit")).toBe(
      12_345 + 7_777 + 4_000 - 309 - 194 - 100,
    );
    expect(ofAccount(sage, DEFAULT_MAPPING.liability_fines, "Credit")).toBe(50_000);
    // Variances to over/short: 0.45 short on Till 1, 0.23 over on Till 2; the pay-out to its account.
    expect(ofAccount(sage, DEFAULT_MAPPING.cashOverShort, "Debit")).toBe(45);
    expect(ofAccount(sage, DEFAULT_MAPPING.cashOverShort, "Credit")).toBe(23);
    expect(ofAccount(sage, DEFAULT_MAPPING.cashPayouts, "Debit")).toBe(1_500);
    expect(sage[0]!.Date).toBe(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);

    const xero = parse(xeroCsv(books.entries, DEFAULT_MAPPING), { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(xero[0]!)).toEqual([...XERO_COLUMNS]);
    // Each journal (same narration and date) sums to zero: debits positive, credits negative.
    const journals = new Map<string, number>();
    for (const row of xero)
      journals.set(row.Narration!, (journals.get(row.Narration!) ?? 0) + cents(row.Amount!));
    expect([...journals.values()]).toEqual([0, 0, 0]);
    expect(xero.every((r) => r.TaxRate === "No VAT" && r.AccountCode !== "")).toBe(true);
  });

  it("writes Sage Pastel's journal batch: no header, its 18 fields, a period, 8-character references, balanced", async () => {
    const { booksOf } = await import("@/lib/accounting/entries");
    const { pastelCsv, sageCsv, PASTEL_FIELDS } = await import("@/lib/accounting/journal");
    const { DEFAULT_MAPPING } = await import("@/lib/accounting/mapping");
    const { saDayBounds } = await import("@/lib/reports/day");
    const books = await booksOf(saDayBounds(day));
    // An owner whose year starts in July, who writes account numbers as Pastel shows them.
    const mapping = { ...DEFAULT_MAPPING, pastelFirstMonth: "7" };
    const entries = books.entries.map((e) => ({
      ...e,
      lines: e.lines.map((l) => ({
        ...l,
        account: l.account === DEFAULT_MAPPING.cashOnHand ? "8400/000" : l.account,
      })),
    }));
    const rows = parse(pastelCsv(entries, mapping), {
      columns: [...PASTEL_FIELDS],
    }) as Record<(typeof PASTEL_FIELDS)[number], string>[];
    const sage = parse(sageCsv(books.entries), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(sage.length);
    const month = Number(day.slice(5, 7));
    expect(new Set(rows.map((r) => r.Period))).toEqual(
      new Set([String(((month - 7 + 12) % 12) + 1)]),
    );
    expect(rows.every((r) => r.GDC === "G" && r["Tax Type"] === "0")).toBe(true);
    expect(rows.every((r) => r.Reference.length <= 8 && r.Description.length <= 36)).toBe(true);
    expect(new Set(rows.map((r) => r.Reference))).toEqual(
      new Set([
        `KZ${books.zReports[0]!.zNumber}`,
        `KZ${books.zReports[1]!.zNumber}`,
        `KD${day.replaceAll("-", "").slice(2)}`,
      ]),
    );
    // Each batch of one reference balances; debits positive, credits negative, as in Sage's file.
    const net = new Map<string, number>();
    for (const r of rows) net.set(r.Reference, (net.get(r.Reference) ?? 0) + cents(r.Amount));
    expect([...net.values()]).toEqual([0, 0, 0]);
    expect(rows.map((r) => cents(r.Amount))).toEqual(
      sage.map((r) => cents(r.Debit!) - cents(r.Credit!)),
    );
    expect(rows.filter((r) => r["Account Number"] === "8400000").length).toBeGreaterThan(0);
    expect(rows.every((r) => r["Home Amount"] === r.Amount)).toBe(true);
  });

  it("gives the same file when exported twice", async () => {
    const { booksOf } = await import("@/lib/accounting/entries");
    const { sageCsv } = await import("@/lib/accounting/journal");
    const { saDayBounds } = await import("@/lib/reports/day");
    const first = sageCsv((await booksOf(saDayBounds(day))).entries);
    const second = sageCsv((await booksOf(saDayBounds(day))).entries);
    expect(second).toBe(first);
  });
});
