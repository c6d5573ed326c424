import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { privateSandbox } from "./sandbox-helpers";

/**
 * A card payment at the counter whose till stops waiting (Cancel, a slow status answer),
 * against a sandbox of its own (faults are global to a sandbox) and a journal of its own,
 * counting what the sandbox executed: every case ends with the token delivered once, or the
 * payment owed back, and nothing sold twice.
 */
const sb = privateSandbox();
const dataDir = path.join(os.tmpdir(), `kassa-card-cancel-${process.pid}-${Date.now()}`);
const STATUS = "/v2/svcCheckOrderPaymentStatus";

let counter: typeof import("@/lib/sales/counter-sale");
let card: typeof import("@/lib/sales/card");
let store: typeof import("@/lib/sales/card/store");
let follow: typeof import("@/lib/sales/card/follow");
let checks: typeof import("@/lib/security/card-checks");
let door: typeof import("@/lib/sales/door");
let journal: typeof import("@/lib/sales/journal");
let schema: typeof import("@/lib/db/schema");
let database: Awaited<ReturnType<(typeof import("@/lib/db"))["db"]>>;
let cashier: Staff;
let supervisor: Staff;

async function staffOf(username: string): Promise<Staff> {
  const [user] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, username));
  const [till] = await database.select().from(schema.tills).where(eq(schema.tills.id, "till-1"));
  return {
    userId: user!.id,
    username,
    name: user!.displayName,
    role: user!.role,
    sessionId: randomUUID(),
    till: till!,
  };
}

beforeAll(async () => {
  process.env.KASSA_DATA_DIR = dataDir;
  process.env.KASSA_PUBLIC_URL = "http://kassa.test";
  process.env.KASSA_UPSTREAM_URL = sb.url;
  // A slow status answer (the latency faults below) is slow, not lost.
  process.env.KASSA_UPSTREAM_TIMEOUT_MS = "6000";
  counter = await import("@/lib/sales/counter-sale");
  card = await import("@/lib/sales/card");
  store = await import("@/lib/sales/card/store");
  follow = await import("@/lib/sales/card/follow");
  checks = await import("@/lib/security/card-checks");
  door = await import("@/lib/sales/door");
  journal = await import("@/lib/sales/journal");
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf("cashier");
  supervisor = await staffOf("supervisor");
  const { openShift } = await import("@/lib/shifts/current");
  await openShift(cashier, 0);
  return () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.lock`, { force: true });
  };
});

const METER = "01100000007";

/** Electricity on the sandbox's normal Tshwane meter, recorded for card (or sold for cash). */
function electricity(amountCents: number, method: "cash" | "card", sellAgain = false) {
  return counter.sell(cashier, {
    idempotencyKey: randomUUID(),
    sellAgain,
    kind: "electricity",
    method,
    reference: METER,
    amountCents,
    place: "tshwane_prepaid",
    prepare: async () => ({
      request: {
        meterNumber: METER,
        municipality: "tshwane_prepaid",
        customerName: "Thabo Mokoena",
        minCents: 1000,
        maxCents: 500000,
      },
    }),
  });
}

/** A card sale with its order open at the sandbox, as the till shows its QR code. */
async function cardSaleWaiting(amountCents: number) {
  const sale = await electricity(amountCents, "card");
  expect(sale).toMatchObject({ status: "pending", awaitingCard: true });
  expect(await card.startCardPayment(sale.id, cashier)).toMatchObject({ state: "waiting" });
  return sale.id;
}

/** The customer's phone: Pay on the hosted checkout (the sandbox's control surface, as the page's form does). */
const pay = async (saleId: string) => {
  const res = await sb.control(`/orders/${saleId}/pay`, {});
  expect(res.status).toBe(200);
};

/**
 * What the sandbox executed in this test (it is reset before each): vends under the card
 * sale's own key, all vends, and card payments of the sale's order.
 */
async function executed(saleId: string) {
  const key = (await saleNow(saleId)).idempotencyKey;
  const { transactions } = (
    await sb.control<{
      transactions: { kind: string; reference: string; idempotency: string | null }[];
    }>("/transactions")
  ).body;
  const vends = transactions.filter((t) => t.kind === "electricity");
  return {
    vends: vends.filter((t) => t.idempotency === key).length,
    allVends: vends.length,
    cardPayments: transactions.filter((t) => t.kind === "card_payment" && t.reference === saleId)
      .length,
  };
}

/** Status checks that reached the sandbox so far. */
const statusRequests = async () =>
  (await sb.control<{ requests: Record<string, number> }>("/requests")).body.requests[STATUS] ?? 0;

const saleNow = async (id: string) => (await journal.findSale(id))!;
const orderNow = async (id: string) =>
  (await database.select().from(schema.cardOrders).where(eq(schema.cardOrders.saleId, id)))[0]!;
const followUps = () => card.cardFollowUpsOf(cashier.userId, cashier.till.id);
const followLater = () => follow.followDueOrders(new Date(Date.now() + 3 * 60 * 60_000), 500);

describe("Cancel at the till", () => {
  it("nothing is sold whether or not the customer had opened the page, and the order stays followed", async () => {
    const untouched = await cardSaleWaiting(4100);
    const opened = await cardSaleWaiting(4200);
    await sb.control(`/orders/${opened}/open`, {});
    for (const id of [untouched, opened]) {
      const view = await card.checkCardPayment(id, cashier, "cancel");
      // Never "Not confirmed ... keep the customer's money": no money changed hands at the till.
      expect(view).toMatchObject({
        state: "not_paid",
        reason: expect.stringMatching(
          /^Card payment cancelled at the till: nothing was sold and no money changed hands here\. .*customer's phone can still take the payment/,
        ),
      });
      expect(await saleNow(id)).toMatchObject({
        status: "failed",
        attempts: 0,
        error: { kind: "card_cancelled_at_till" },
      });
      expect(await orderNow(id)).toMatchObject({ status: "cancelled", final: false });
    }
    const watch = await followUps();
    expect(watch.stillPayable.map((p) => p.saleId)).toEqual(
      expect.arrayContaining([untouched, opened]),
    );
    expect(watch.paidAfterCancel).toEqual([]);
  });

  it("the phone pays after Cancel and comes back: the till that cancelled is told at once; Deliver now sells it once", async () => {
    const saleId = await cardSaleWaiting(4300);
    await card.checkCardPayment(saleId, cashier, "cancel");
    await pay(saleId);
    // The return page (the phone's redirect) is what tells Kassa first.
    expect(await card.peekCardPayment(saleId, { role: "customer" })).toMatchObject({
      paymentStatus: "PAID",
      goesAhead: false,
      afterCancel: true,
    });
    expect(await saleNow(saleId)).toMatchObject({
      status: "unknown",
      attempts: 0,
      error: { kind: "card_paid_after_cancel" },
    });
    const { paidAfterCancel, stillPayable } = await followUps();
    expect(paidAfterCancel).toEqual([
      expect.objectContaining({ saleId, amountCents: 4300, reference: METER, soldAgain: null }),
    ]);
    expect(stillPayable.map((p) => p.saleId)).not.toContain(saleId);
    // The till's "Paid, not delivered" list leaves it to the announcement; the office counts it as owed.
    expect((await store.paidNotDelivered(cashier.userId)).map((r) => r.sale.id)).not.toContain(
      saleId,
    );
    expect((await store.paidNotDelivered()).map((r) => r.sale.id)).toContain(saleId);
    // Not a "Not confirmed" banner as well: one state, one notice.
    const unseen = await journal.unseenSalesOf(cashier.userId, new Date(Date.now() - 60_000));
    expect(unseen.map((s) => s.id)).not.toContain(saleId);

    expect(await card.deliverAfterCancel(cashier, saleId)).toMatchObject({ status: "completed" });
    // Exactly one outcome: every other way in is refused now.
    await expect(card.deliverAfterCancel(cashier, saleId)).rejects.toThrow(/not waiting/);
    await expect(card.owedBackAfterCancel(cashier, saleId)).rejects.toThrow(/not waiting/);
    await expect(card.deliverPaidSale(supervisor, saleId)).rejects.toThrow(/not waiting/);
    await card.peekCardPayment(saleId, { role: "customer" });
    await followLater();
    expect(await saleNow(saleId)).toMatchObject({ status: "completed", attempts: 1 });
    expect(await executed(saleId)).toEqual({ vends: 1, allVends: 1, cardPayments: 1 });
    expect((await followUps()).paidAfterCancel).toEqual([]);
  });

  it("paid after Cancel without coming back: the follower finds it; owed back puts it on the refund list, never sold", async () => {
    const saleId = await cardSaleWaiting(4400);
    await sb.control(`/orders/${saleId}/open`, {});
    await card.checkCardPayment(saleId, cashier, "cancel");
    await pay(saleId);
    await followLater();
    expect((await followUps()).paidAfterCancel.map((n) => n.saleId)).toEqual([saleId]);

    expect(await card.owedBackAfterCancel(cashier, saleId)).toMatchObject({ status: "failed" });
    expect(await saleNow(saleId)).toMatchObject({
      status: "failed",
      attempts: 0,
      error: { kind: "card_paid_after_cancel", message: expect.stringMatching(/owed back/) },
    });
    expect(await orderNow(saleId)).toMatchObject({ needsRefund: true, final: true });
    expect((await store.cardOrdersNeedingRefund()).map((r) => r.sale.id)).toContain(saleId);
    expect((await store.paidNotDelivered()).map((r) => r.sale.id)).not.toContain(saleId);
    // A reload of the phone's return page, the follower, Deliver now: none reopens or sells it.
    await card.peekCardPayment(saleId, { role: "customer" });
    await followLater();
    await expect(card.deliverAfterCancel(cashier, saleId)).rejects.toThrow(/not waiting/);
    await expect(card.deliverPaidSale(supervisor, saleId)).rejects.toThrow(/not waiting/);
    expect(await saleNow(saleId)).toMatchObject({
      status: "failed",
      error: { kind: "card_paid_after_cancel" },
    });
    expect(await executed(saleId)).toEqual({ vends: 0, allVends: 0, cardPayments: 1 });
  });

  it("sold again for cash after Cancel, then the card pays too: Deliver now is refused, owed back is the one outcome", async () => {
    const saleId = await cardSaleWaiting(4500);
    await card.checkCardPayment(saleId, cashier, "cancel");
    const cash = await electricity(4500, "cash");
    expect(cash.status).toBe("completed");
    await pay(saleId);
    await card.peekCardPayment(saleId, { role: "customer" });
    const [notice] = (await followUps()).paidAfterCancel;
    expect(notice).toMatchObject({ saleId, soldAgain: { method: "cash" } });
    await expect(card.deliverAfterCancel(cashier, saleId)).rejects.toMatchObject({
      code: "sold_again",
      message: expect.stringMatching(/sold again at this till.*would sell it twice/),
    });
    await expect(card.deliverPaidSale(supervisor, saleId)).rejects.toMatchObject({
      code: "sold_again",
    });
    await card.owedBackAfterCancel(cashier, saleId);
    // One vend in all: the cash sale's; none under the card sale's key.
    expect(await executed(saleId)).toEqual({ vends: 0, allVends: 1, cardPayments: 1 });
    expect((await orderNow(saleId)).needsRefund).toBe(true);
  });

  it("another cashier, or another till, cannot deliver it or owe it back", async () => {
    const saleId = await cardSaleWaiting(4600);
    await card.checkCardPayment(saleId, cashier, "cancel");
    await pay(saleId);
    await card.peekCardPayment(saleId, { role: "customer" });
    const otherTill = { ...cashier, till: { ...cashier.till, id: "till-2" } };
    const colleague = { ...(await staffOf("cashier2")), till: cashier.till };
    for (const who of [otherTill, colleague]) {
      await expect(card.deliverAfterCancel(who, saleId)).rejects.toThrow(
        /does not belong to this till/,
      );
      await expect(card.owedBackAfterCancel(who, saleId)).rejects.toThrow(
        /does not belong to this till/,
      );
    }
    expect((await saleNow(saleId)).error?.kind).toBe("card_paid_after_cancel");
    await card.owedBackAfterCancel(cashier, saleId);
  });

  it("the time limit stops the till like Cancel, even with the customer on the page", async () => {
    const saleId = await cardSaleWaiting(4700);
    await sb.control(`/orders/${saleId}/open`, {});
    await database
      .update(schema.cardOrders)
      .set({ createdAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(schema.cardOrders.saleId, saleId));
    expect(await card.checkCardPayment(saleId, cashier, "poll")).toMatchObject({
      state: "not_paid",
      reason: expect.stringMatching(/not made in time, so the till stopped waiting/),
    });
    expect((await saleNow(saleId)).error?.kind).toBe("card_cancelled_at_till");
    await pay(saleId);
    await followLater();
    expect((await followUps()).paidAfterCancel.map((n) => n.saleId)).toContain(saleId);
    await card.owedBackAfterCancel(cashier, saleId);
  });

  it("a Cancel that loses to a PAID the follower is sending shows the sale, and one that wins leaves the payment announced", async () => {
    const saleId = await cardSaleWaiting(4800);
    await pay(saleId);
    // The till cancels; its last check sees PAID and sells it: nothing is left to announce.
    expect(await card.checkCardPayment(saleId, cashier, "cancel")).toMatchObject({
      state: "settled",
      sale: { status: "completed" },
    });
    expect(await executed(saleId)).toEqual({ vends: 1, allVends: 1, cardPayments: 1 });

    // The follower read the sale as pending, the till's Cancel won meanwhile: the follower's
    // PAID finds it cancelled and announces it instead of dropping it on the refund list.
    const raced = await cardSaleWaiting(4900);
    const before = await saleNow(raced);
    await door.moveSale(database, "card_sale_cancelled_at_till", raced, {
      actor: { username: "test" },
      args: { message: "cancelled" },
    });
    await pay(raced);
    const settled = await follow.settlePaid(before, await orderNow(raced), { username: "t" }, true);
    expect(settled).toMatchObject({ status: "unknown", error: { kind: "card_paid_after_cancel" } });
    expect((await orderNow(raced)).needsRefund).toBe(false);
    await card.owedBackAfterCancel(cashier, raced);
  });
});

describe("a till that waits counts as waiting from the moment the order opens", () => {
  it("the phone pays and comes back before the till's first status check: delivered at the counter", async () => {
    const saleId = await cardSaleWaiting(5100);
    expect((await orderNow(saleId)).tillSeenAt).not.toBeNull();
    await pay(saleId);
    expect(await card.peekCardPayment(saleId, { role: "customer" })).toMatchObject({
      paymentStatus: "PAID",
      goesAhead: true,
    });
    expect(await saleNow(saleId)).toMatchObject({ status: "pending", attempts: 0, error: null });
    expect(await card.checkCardPayment(saleId, cashier, "poll")).toMatchObject({
      state: "settled",
      sale: { status: "completed" },
    });
    expect(await executed(saleId)).toEqual({ vends: 1, allVends: 1, cardPayments: 1 });
  });

  it("the till's status answer is slow (3 s): a payment the phone reports meanwhile is still delivered at the counter", async () => {
    const saleId = await cardSaleWaiting(5200);
    // The order opened long ago (for the stamp's 10 s), and the till's next check is slow.
    const long = new Date(Date.now() - 60_000);
    await database
      .update(schema.cardOrders)
      .set({ createdAt: long, tillSeenAt: long })
      .where(eq(schema.cardOrders.saleId, saleId));
    await sb.control("/faults", { path: STATUS, kind: "latency", count: 1, ms: 3_000 });
    const asked = await statusRequests();
    const polling = checks.checkCardPaymentLimited(saleId, cashier, "poll");
    // The till's check has reached the sandbox (and waits there); its poll said at once that
    // the till is waiting.
    await expect.poll(statusRequests, { timeout: 2_500 }).toBe(asked + 1);
    expect((await orderNow(saleId)).tillSeenAt!.getTime()).toBeGreaterThan(long.getTime());
    await pay(saleId);
    expect(await card.peekCardPayment(saleId, { role: "customer" })).toMatchObject({
      paymentStatus: "PAID",
      goesAhead: true,
    });
    expect(await polling).toMatchObject({ state: "settled", sale: { status: "completed" } });
    expect(await saleNow(saleId)).toMatchObject({ status: "completed", attempts: 1 });
    expect(await executed(saleId)).toEqual({ vends: 1, allVends: 1, cardPayments: 1 });
  });

  it("only the sale's own cashier at its own till, while it waits, moves the stamp, and never back", async () => {
    const saleId = await cardSaleWaiting(5300);
    const stamp = async () => (await orderNow(saleId)).tillSeenAt!.getTime();
    const first = await stamp();
    const later = new Date(first + 5_000);
    const stampAs = (who: { userId: string; tillId: string }, at: Date) =>
      door.stampTillWaiting(database, saleId, who, at);
    expect(await stampAs({ userId: cashier.userId, tillId: "till-2" }, later)).toBe(false);
    expect(await stampAs({ userId: supervisor.userId, tillId: "till-1" }, later)).toBe(false);
    expect(await stamp()).toBe(first);
    const own = { userId: cashier.userId, tillId: cashier.till.id };
    expect(await stampAs(own, later)).toBe(true);
    expect(await stampAs(own, new Date(first - 5_000))).toBe(true);
    expect(await stamp()).toBe(later.getTime());
    await card.checkCardPayment(saleId, cashier, "cancel");
    expect(await stampAs(own, new Date(later.getTime() + 5_000))).toBe(false);
    expect(await stamp()).toBe(later.getTime());
    // No audit event for a stamp: it is not a change of state.
    const events = await database
      .select()
      .from(schema.auditEvents)
      .where(
        and(
          eq(schema.auditEvents.subject, saleId),
          eq(schema.auditEvents.kind, "card_status_checked"),
        ),
      );
    expect(events).toHaveLength(1);
  });
});
