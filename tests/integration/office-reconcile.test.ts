import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { putCardOrder, putSale, staffOf, ownDataDir } from "./office-support";
import { startOwnSandbox } from "./upstream-sandbox";

/**
 * The reconciliation on the app's own code against a sandbox of this file's own (its clock
 * and ledger switches are global to one sandbox): orders made and paid at the sandbox, the
 * clock moved to the next South African day, each kind of mismatch produced by a switch.
 */
ownDataDir();
const sandbox = await startOwnSandbox({ timeoutMs: 3000 });
const { db } = await import("@/lib/db");
const { createOrder } = await import("@/lib/upstream");
const { loadReconciliation, reconciliationCsv } = await import("@/lib/office/reconciliation");

const control = async (p: string, body: unknown) => {
  const res = await fetch(`${sandbox.origin}/__sandbox${p}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
};

type Database = Awaited<ReturnType<typeof db>>;
let database: Database;
const ids: Record<string, string> = {};

async function paidCardSale(name: string, amountCents: number) {
  const staff = await staffOf(database, "cashier", "till-1");
  const sale = await putSale(database, staff, null, {
    kind: "electricity",
    method: "card",
    status: "completed",
    amountCents,
  });
  await createOrder({
    orderId: sale.id,
    description: `test ${name}`,
    totalCents: amountCents,
    lines: [
      {
        id: "1",
        productId: "electricity",
        name: "Electricity",
        unitPriceCents: amountCents,
        quantity: 1,
      },
    ],
    returnTo: { success: "http://localhost/ok", cancel: "http://localhost/cancel" },
    metadata: { till: "till-1", cashier: "cashier", kind: "electricity" },
  });
  await sandbox.orderAction(sale.id, "pay");
  await putCardOrder(database, sale.id, amountCents, "PAID", new Date());
  ids[name] = sale.id;
}

beforeAll(async () => {
  database = await db();
  await paidCardSale("a", 5_000);
  await paidCardSale("b", 12_000);
  await paidCardSale("amended", 3_000);
  await paidCardSale("hidden", 4_000);
  // Tomorrow, as the sandbox sees it: today's payments are now "yesterday's" ledger.
  await control("/clock", { offsetMs: 86_400_000 });
});
afterAll(async () => {
  await sandbox.close();
});

describe("reconciliation against the sandbox ledger", () => {
  it("matches every card order of the day when nothing is wrong", async () => {
    const r = await loadReconciliation();
    expect(r.rows.map((row) => row.match)).toEqual(["matched", "matched", "matched", "matched"]);
    expect(r.summary.allMatched).toBe(true);
    expect(r.summary.ledgerTotalCents).toBe(24_000);
    expect(r.summary.kassaPaidTotalCents).toBe(24_000);
  });

  it("shows each kind of mismatch the sandbox's switches produce, and the CSV carries them", async () => {
    const stranger = `STRANGER-${randomUUID()}`;
    await control("/ledger/amend", { paymentReference: ids.amended, amount: 35 });
    await control("/ledger/hide", { paymentReference: ids.hidden });
    await control("/ledger/transactions", { paymentReference: stranger, amount: 75 });
    await control("/ledger/verification-errors", { message: "Gateway batch 7 incomplete" });
    const r = await loadReconciliation();
    const by = Object.fromEntries(r.rows.map((row) => [row.orderId, row]));
    expect(by[ids.a!]?.match).toBe("matched");
    expect(by[ids.amended!]).toMatchObject({
      match: "amount_differs",
      ledgerCents: 3_500,
      kassaCents: 3_000,
    });
    expect(by[ids.hidden!]).toMatchObject({ match: "kassa_only", kassaCents: 4_000 });
    expect(by[stranger]).toMatchObject({ match: "ledger_only", ledgerCents: 7_500 });
    expect(r.verificationErrors).toEqual(["Gateway batch 7 incomplete"]);
    expect(r.summary.allMatched).toBe(false);

    const csv = reconciliationCsv(r).split("\r\n");
    expect(csv[0]).toBe(
      "business_date,result,order_id,kind,ledger_amount,kassa_amount,gateway_status,kassa_order_status,sale_status,time,note",
    );
    expect(csv.find((l) => l.includes(ids.amended!))).toContain("amount_differs");
    expect(csv.find((l) => l.includes(ids.amended!))).toContain(",35.00,30.00,");
    expect(
      csv.some(
        (l) =>
          l.startsWith(`${r.businessDate},verification_error,`) &&
          l.endsWith("Gateway batch 7 incomplete"),
      ),
    ).toBe(true);
  });
});
