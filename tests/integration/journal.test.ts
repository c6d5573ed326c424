import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";

/**
 * The journal's promises with a journal of its own and the shared sandbox over HTTP:
 * one row per key, one caller per sale, and no re-send of a sale that was never sent.
 */
process.env.KASSA_DATA_DIR = path.join(os.tmpdir(), `kassa-journal-${process.pid}-${Date.now()}`);
process.env.KASSA_UPSTREAM_URL = inject("sandboxUrl");
process.env.KASSA_UPSTREAM_TIMEOUT_MS = "3000";

let journal: typeof import("@/lib/sales/journal");
let send: typeof import("@/lib/sales/send");
let schema: typeof import("@/lib/db/schema");
let database: Awaited<ReturnType<(typeof import("@/lib/db"))["db"]>>;
let cashierId: string;

beforeAll(async () => {
  journal = await import("@/lib/sales/journal");
  send = await import("@/lib/sales/send");
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  const [cashier] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, "cashier"));
  cashierId = cashier!.id;
});

const actor = { username: "cashier", role: "cashier", tillId: "till-1" };

const recorded = { actor, detail: {} };

function newSale(key = randomUUID()) {
  return {
    idempotencyKey: key,
    kind: "electricity" as const,
    method: "cash" as const,
    amountCents: 5000,
    reference: "01100000007",
    request: {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
      minCents: null,
      maxCents: null,
    },
    userId: cashierId,
    tillId: "till-1",
    shiftId: null,
    fingerprint: `test|${key}`,
  };
}

describe("the journal", () => {
  it("records one row per idempotency key, however often it is submitted", async () => {
    const input = newSale();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => journal.recordSale(input, recorded)),
    );
    expect(new Set(results.map((r) => r.sale.id)).size).toBe(1);
    expect(results.filter((r) => !r.existing)).toHaveLength(1);
  });

  it("refuses a key reused for another cashier's sale", async () => {
    const input = newSale();
    await journal.recordSale(input, recorded);
    const [other] = await database
      .select()
      .from(schema.users)
      .where(eq(schema.users.username, "cashier2"));
    await expect(journal.recordSale({ ...input, userId: other!.id }, recorded)).rejects.toThrow(
      /reused/,
    );
  });

  it("lets exactly one caller send a sale", async () => {
    const { sale } = await journal.recordSale(newSale(), recorded);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => journal.claimAttempt(sale.id, "first", actor)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("sends a cash sale once and keeps the tokens", async () => {
    const { sale } = await journal.recordSale(newSale(), recorded);
    const [a, b] = await Promise.all([
      send.sendSale(sale.id, "first", actor),
      send.sendSale(sale.id, "first", actor),
    ]);
    const settled = await journal.findSale(sale.id);
    expect(settled!.status).toBe("completed");
    expect(settled!.attempts).toBe(1);
    expect([a.status, b.status]).toContain("completed");
    expect(JSON.stringify(settled!.result)).toMatch(/\d{20}/);
  });

  it("never re-sends an unknown sale that was never sent (an unverified card payment)", async () => {
    const { sale } = await journal.recordSale({ ...newSale(), method: "card" }, recorded);
    await database
      .update(schema.sales)
      .set({ status: "unknown" })
      .where(eq(schema.sales.id, sale.id));
    expect(await journal.claimAttempt(sale.id, "retry", actor)).toBeUndefined();
    const after = await send.sendSale(sale.id, "retry", actor);
    expect(after.status).toBe("unknown");
    expect(after.attempts).toBe(0);
  });

  it("re-sends an unknown electricity sale under its own key", async () => {
    const { sale } = await journal.recordSale(newSale(), recorded);
    await database
      .update(schema.sales)
      .set({ status: "unknown", attempts: 1 })
      .where(eq(schema.sales.id, sale.id));
    const after = await send.sendSale(sale.id, "retry", actor);
    expect(after.status).toBe("completed");
    expect(after.attempts).toBe(2);
  });
});

describe("the sweep after a crash", () => {
  it("marks sent-but-unsettled sales unknown, abandoned card waits unverified, unsent cash sales and card payments never opened failed", async () => {
    const { sweepInterruptedSales } = await import("@/lib/sales/sweep");
    const sent = (await journal.recordSale(newSale(), recorded)).sale;
    await database.update(schema.sales).set({ attempts: 1 }).where(eq(schema.sales.id, sent.id));
    const waitingCard = (await journal.recordSale({ ...newSale(), method: "card" }, recorded)).sale;
    const abandonedCard = (await journal.recordSale({ ...newSale(), method: "card" }, recorded))
      .sale;
    await database
      .update(schema.sales)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(schema.sales.id, abandonedCard.id));
    const neverSent = (await journal.recordSale(newSale(), recorded)).sale;
    // Both card waits have a payment page a customer may be on.
    for (const card of [waitingCard, abandonedCard])
      await database.insert(schema.cardOrders).values({
        saleId: card.id,
        amountCents: card.amountCents,
        paymentPageUrl: `http://core.test/pay/${card.id}`,
      });
    // Card sales whose payment page nobody got: no order, or an order claimed but never saved.
    const noOrder = (await journal.recordSale({ ...newSale(), method: "card" }, recorded)).sale;
    const orderLost = (await journal.recordSale({ ...newSale(), method: "card" }, recorded)).sale;
    await database
      .insert(schema.cardOrders)
      .values({ saleId: orderLost.id, amountCents: orderLost.amountCents });

    await sweepInterruptedSales(database, 0);

    const after = async (id: string) => (await journal.findSale(id))!;
    expect((await after(sent.id)).status).toBe("unknown");
    expect((await after(sent.id)).error?.kind).toBe("interrupted");
    expect((await after(abandonedCard.id)).status).toBe("unknown");
    expect((await after(abandonedCard.id)).error?.kind).toBe("card_unverified");
    expect((await after(waitingCard.id)).status).toBe("pending");
    expect((await after(neverSent.id)).status).toBe("failed");
    expect((await after(neverSent.id)).error?.kind).toBe("not_sent");
    for (const id of [noOrder.id, orderLost.id])
      expect(await after(id)).toMatchObject({
        status: "failed",
        attempts: 0,
        error: { kind: "card_order_failed" },
      });
    const [lostOrder] = await database
      .select()
      .from(schema.cardOrders)
      .where(eq(schema.cardOrders.saleId, orderLost.id));
    expect(lostOrder).toMatchObject({ final: true, status: "cancelled" });
    // An abandoned card sale was never sent, so no Retry can send it.
    expect(await journal.claimAttempt(abandonedCard.id, "retry", actor)).toBeUndefined();
  });
});
