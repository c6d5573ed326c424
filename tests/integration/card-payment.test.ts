import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { SANDBOX_API_KEY } from "@/lib/env-schema";
import { approved } from "./office-support";

/**
 * The card-payment flow against the sandbox over real HTTP, with a journal of its own.
 * The VAS fulfiller is replaced (it is another flow's code, not the upstream) so that
 * these tests decide whether a paid sale goes through; everything card-related is real.
 */
const fulfil = vi.hoisted(() => ({ result: vi.fn<() => Promise<unknown>>() }));
vi.mock("@/lib/kinds/vas/kind", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/kinds/vas/kind")>();
  return { vasKind: { ...original.vasKind, fulfil: () => fulfil.result() } };
});

process.env.KASSA_DATA_DIR = path.join(os.tmpdir(), `kassa-card-${process.pid}-${Date.now()}`);
process.env.KASSA_PUBLIC_URL = "http://kassa.test";
// The shared sandbox of tests/global-setup.ts: these tests only touch orders they made, never reset it.
process.env.KASSA_UPSTREAM_ENV = "sandbox";
process.env.KASSA_UPSTREAM_URL = inject("sandboxUrl");
process.env.KASSA_API_KEY = SANDBOX_API_KEY;
process.env.KASSA_MERCHANT_ID = "staging";
process.env.KASSA_UPSTREAM_TIMEOUT_MS = "3000";
const sandbox = {
  origin: inject("sandboxOrigin"),
  orderAction: (id: string, action: "open" | "pay" | "decline" | "cancel") =>
    control(`/orders/${id}/${action}`, {}),
};

let card: typeof import("@/lib/sales/card");
let store: typeof import("@/lib/sales/card/store");
let follow: typeof import("@/lib/sales/card/follow");
let late: typeof import("@/lib/sales/card/late");
let journal: typeof import("@/lib/sales/journal");
let database: Awaited<ReturnType<(typeof import("@/lib/db"))["db"]>>;
let schema: typeof import("@/lib/db/schema");
type Staff = import("@/lib/auth/staff").Staff;
let cashier: Staff;
let kiosk: Staff;

async function staffOf(username: string, tillId: string): Promise<Staff> {
  const [user] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, username));
  const [till] = await database.select().from(schema.tills).where(eq(schema.tills.id, tillId));
  return {
    userId: user!.id,
    username,
    name: user!.displayName,
    role: user!.role,
    sessionId: randomUUID(),
    till: till!,
  };
}

const recorded = { actor: { username: "test" }, detail: {} };

async function control(pathname: string, body?: unknown) {
  const res = await fetch(`${sandbox.origin}/__sandbox${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

async function cardSale(staff: Staff, amountCents = 5000) {
  const { sale } = await journal.recordSale(
    {
      idempotencyKey: randomUUID(),
      kind: "vas",
      method: "card",
      amountCents,
      reference: "vodacom-29",
      request: {
        productId: "vodacom-29",
        productName: "Vodacom airtime",
        category: "airtime",
        brand: "Vodacom",
        reference: [],
        amountCents,
        fees: [],
        totalCents: amountCents,
        recipient: null,
        quoteId: null,
      },
      userId: staff.userId,
      tillId: staff.till.id,
      shiftId: null,
      fingerprint: "test",
    },
    recorded,
  );
  return sale;
}

const saleNow = async (id: string) => (await journal.findSale(id))!;
const orderNow = async (id: string) =>
  (await database.select().from(schema.cardOrders).where(eq(schema.cardOrders.saleId, id)))[0]!;
const auditCount = async (kind: string, subject: string) =>
  (
    await database
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.kind, kind), eq(schema.auditEvents.subject, subject)))
  )[0]!.n;

beforeAll(async () => {
  card = await import("@/lib/sales/card");
  store = await import("@/lib/sales/card/store");
  follow = await import("@/lib/sales/card/follow");
  late = await import("@/lib/sales/card/late");
  journal = await import("@/lib/sales/journal");
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf("cashier", "till-1");
  kiosk = await staffOf("kiosk", "kiosk-1");
});

beforeEach(() => {
  fulfil.result.mockReset();
  fulfil.result.mockResolvedValue({ pin: "1234" });
});

describe("card payment at the counter", () => {
  it("opens one order per sale at the sandbox, with Kassa's return addresses, and journals it", async () => {
    const sale = await cardSale(cashier);
    const first = await card.startCardPayment(sale.id, cashier);
    const again = await card.startCardPayment(sale.id, cashier);
    expect(first).toMatchObject({ state: "waiting", paymentStatus: null });
    if (first.state !== "waiting" || again.state !== "waiting") throw new Error("not waiting");
    expect(again.paymentPageUrl).toBe(first.paymentPageUrl);
    expect(first.remainingMs).toBeGreaterThan(170_000);
    const upstream = await control(`/orders/${sale.id}`);
    expect(upstream).toMatchObject({ referredId: sale.id, amount: 50 });
    expect(first.paymentPageUrl).toBe(`${sandbox.origin}/checkout/${upstream.orderId as string}`);
    expect(await orderNow(sale.id)).toMatchObject({
      status: "created",
      amountCents: 5000,
      upstreamOrderId: upstream.orderId,
      needsRefund: false,
    });
    expect(await auditCount("card_order_created", sale.id)).toBe(1);
    expect(card.cardReturnUrls(sale.id, "counter")).toEqual({
      success: `http://kassa.test/pay/${sale.id}/done`,
      cancel: `http://kassa.test/pay/${sale.id}/cancelled`,
    });
  });

  it("waits through NO_ATTEMPT and PENDING, then sends the sale once on PAID", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "waiting",
      paymentStatus: null,
    });
    await control(`/orders/${sale.id}/script`, { statuses: ["PENDING", "PAID"] });
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "waiting",
      paymentStatus: "PENDING",
    });
    expect(fulfil.result).not.toHaveBeenCalled();
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toEqual({
      state: "settled",
      sale: { id: sale.id, kind: "vas", status: "completed" },
    });
    // A late poll after the sale went through changes nothing and calls nobody.
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "settled",
    });
    expect(fulfil.result).toHaveBeenCalledTimes(1);
    expect(await saleNow(sale.id)).toMatchObject({
      status: "completed",
      attempts: 1,
      result: { pin: "1234" },
    });
    const order = await orderNow(sale.id);
    expect(order).toMatchObject({ status: "PAID", checks: 3, needsRefund: false });
    expect(order.paidAt).not.toBeNull();
    expect(await auditCount("card_status_checked", sale.id)).toBe(3);
  });

  it("settles a declined payment as not paid and sells nothing", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await sandbox.orderAction(sale.id, "decline");
    const view = await card.checkCardPayment(sale.id, cashier, "poll");
    expect(view).toEqual({
      state: "not_paid",
      reason: "The card payment was declined. Nothing was sold.",
    });
    expect(await saleNow(sale.id)).toMatchObject({
      status: "failed",
      attempts: 0,
      error: { kind: "card_not_paid" },
    });
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("reads the checkout's Cancel as not paid", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await sandbox.orderAction(sale.id, "open");
    await sandbox.orderAction(sale.id, "cancel");
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "not_paid",
      reason: expect.stringMatching(/cancelled/),
    });
  });

  it("a VERIFICATION_ERROR leaves the sale unknown; a payment seen later is paid, not delivered, never sold", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await control(`/orders/${sale.id}/script`, { statuses: ["VERIFICATION_ERROR"] });
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "unverified",
      reason: expect.stringMatching(/could not be verified/),
    });
    await sandbox.orderAction(sale.id, "pay");
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "unverified",
    });
    expect(await card.peekCardPayment(sale.id, { role: "supervisor" })).toMatchObject({
      paymentStatus: "PAID",
      goesAhead: false,
    });
    expect(fulfil.result).not.toHaveBeenCalled();
    expect(await saleNow(sale.id)).toMatchObject({
      status: "unknown",
      attempts: 0,
      error: { kind: "card_paid_not_delivered" },
    });
    expect((await store.paidNotDelivered()).map((r) => r.sale.id)).toContain(sale.id);
  });

  it("a paid order whose sale then fails upstream is listed for refund", async () => {
    const { UpstreamError } = await import("@/lib/upstream/errors");
    fulfil.result.mockRejectedValue(
      new UpstreamError({
        kind: "rejected",
        operation: "vas.purchase",
        outcomeKnown: true,
        cashierMessage: "The product is not available.",
      }),
    );
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await sandbox.orderAction(sale.id, "pay");
    const view = await card.checkCardPayment(sale.id, cashier, "poll");
    expect(view).toMatchObject({
      state: "settled",
      sale: { status: "failed", message: expect.stringMatching(/not available.*refund/) },
    });
    expect((await orderNow(sale.id)).needsRefund).toBe(true);
  });

  it("never settles a sale as not paid once a PAID check has handed it to sendSale", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await journal.claimAttempt(sale.id, "first", { username: "test" });
    const { moveSale } = await import("@/lib/sales/door");
    expect(
      await moveSale(database, "card_sale_unverified", sale.id, {
        actor: { username: "test" },
        args: { message: "x" },
      }),
    ).toBeUndefined();
    expect(await card.checkCardPayment(sale.id, cashier, "cancel")).toEqual({ state: "sending" });
    expect(await saleNow(sale.id)).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("refuses another till's sale", async () => {
    const sale = await cardSale(cashier);
    const other = { ...cashier, till: { ...cashier.till, id: "till-2" } };
    await expect(card.startCardPayment(sale.id, other)).rejects.toThrow(
      /does not belong to this till/,
    );
  });
});

describe("following a card order after the till stopped waiting", () => {
  /** Run the follower as if `ms` had passed, so that every order opened here is due. */
  const followLater = (ms = 3 * 60 * 60_000) =>
    follow.followDueOrders(new Date(Date.now() + ms), 500);

  // The till's own Deliver now and Owed back: tests/integration/card-cancel.test.ts.
  it("Cancel, then the customer pays: the follower makes it paid after cancel, which a supervisor may also Deliver, once", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    expect(await card.checkCardPayment(sale.id, cashier, "cancel")).toMatchObject({
      state: "not_paid",
    });
    await sandbox.orderAction(sale.id, "pay");
    await followLater();
    expect(await saleNow(sale.id)).toMatchObject({
      status: "unknown",
      attempts: 0,
      error: { kind: "card_paid_after_cancel" },
    });
    const order = await orderNow(sale.id);
    expect(order.final).toBe(true);
    expect(order.paidNotDeliveredAt).not.toBeNull();
    expect(fulfil.result).not.toHaveBeenCalled();

    const supervisor = approved(await staffOf("supervisor", "till-1"));
    expect(await late.deliverPaidSale(supervisor, sale.id)).toMatchObject({ status: "completed" });
    await expect(late.deliverPaidSale(supervisor, sale.id)).rejects.toThrow(
      /not waiting for delivery/,
    );
    await expect(
      late.refundPaidSaleOutside(supervisor, sale.id, "refunded in cash"),
    ).rejects.toThrow();
    expect(fulfil.result).toHaveBeenCalledTimes(1);
    expect(await saleNow(sale.id)).toMatchObject({ status: "completed", attempts: 1 });
    expect((await store.paidNotDelivered()).map((r) => r.sale.id)).not.toContain(sale.id);
  });

  /** A card sale the till gave up on (not verified), its order still open at the core service. */
  async function givenUp() {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await control(`/orders/${sale.id}/script`, { statuses: ["VERIFICATION_ERROR"] });
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "unverified",
    });
    return sale;
  }

  it("failed by hand while the payment was open, then paid: listed again as paid, not delivered", async () => {
    const { resolveSale } = await import("@/lib/office/resolve");
    const supervisor = approved(await staffOf("supervisor", "till-1"));
    const sale = await givenUp();
    await resolveSale(supervisor, sale.id, "failed", "No transaction at the core service.");
    expect(await saleNow(sale.id)).toMatchObject({ status: "failed", attempts: 0 });

    await sandbox.orderAction(sale.id, "pay");
    await followLater();
    expect(await saleNow(sale.id)).toMatchObject({
      status: "unknown",
      attempts: 0,
      resolvedAt: null,
      error: { kind: "card_paid_not_delivered" },
    });
    expect((await store.paidNotDelivered()).map((r) => r.sale.id)).toContain(sale.id);
    await late.refundPaidSaleOutside(supervisor, sale.id, "Card refund at the counter");
    // Handled once: the order is final, and a later follow-up changes nothing.
    await followLater();
    expect(await saleNow(sale.id)).toMatchObject({ status: "failed", attempts: 0 });
    expect((await orderNow(sale.id)).lateOutcome).toBe("refunded");
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("failing a card sale by hand asks the core service first: a payment made since is refused", async () => {
    const { resolveSale } = await import("@/lib/office/resolve");
    const supervisor = approved(await staffOf("supervisor", "till-1"));
    const sale = await givenUp();
    await sandbox.orderAction(sale.id, "pay");
    await expect(
      resolveSale(supervisor, sale.id, "failed", "No transaction at the core service."),
    ).rejects.toThrow(/has paid this card sale since/);
    expect(await saleNow(sale.id)).toMatchObject({
      status: "unknown",
      resolvedAt: null,
      error: { kind: "card_paid_not_delivered" },
    });
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("a refund outside Kassa is recorded with its reason and audited, and the sale is never sent", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await card.checkCardPayment(sale.id, cashier, "cancel");
    await sandbox.orderAction(sale.id, "pay");
    await followLater();
    const supervisor = approved(await staffOf("supervisor", "till-1"));
    await late.refundPaidSaleOutside(supervisor, sale.id, "Card refund at the counter");
    expect(await saleNow(sale.id)).toMatchObject({
      status: "failed",
      attempts: 0,
      resolutionNote: "Refunded outside Kassa: Card refund at the counter",
    });
    expect((await orderNow(sale.id)).lateOutcome).toBe("refunded");
    expect(await auditCount("sale_resolved", sale.id)).toBe(1);
    await expect(late.deliverPaidSale(supervisor, sale.id)).rejects.toThrow(
      /not waiting for delivery/,
    );
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("a till still on the sale: the follower's PAID sends it as usual", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await card.checkCardPayment(sale.id, cashier, "poll"); // the till is polling
    await sandbox.orderAction(sale.id, "pay");
    const order = await orderNow(sale.id);
    await follow.followOrder(order, new Date());
    expect(await saleNow(sale.id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(fulfil.result).toHaveBeenCalledTimes(1);
  });

  it("declined or never paid by the end of its business day: the sale fails and the order is final", async () => {
    const declined = await cardSale(cashier);
    await card.startCardPayment(declined.id, cashier);
    await sandbox.orderAction(declined.id, "decline");
    const idle = await cardSale(cashier);
    await card.startCardPayment(idle.id, cashier);
    await followLater(26 * 60 * 60_000);
    expect(await saleNow(declined.id)).toMatchObject({
      status: "failed",
      error: { kind: "card_not_paid" },
    });
    expect(await saleNow(idle.id)).toMatchObject({
      status: "failed",
      error: { message: expect.stringMatching(/end of the business day/) },
    });
    expect((await orderNow(declined.id)).final).toBe(true);
    expect((await orderNow(idle.id)).final).toBe(true);
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("two followers at once never claim the same order", async () => {
    const sales = await Promise.all([cardSale(cashier), cardSale(cashier), cardSale(cashier)]);
    for (const sale of sales) await card.startCardPayment(sale.id, cashier);
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    const [a, b] = await Promise.all([
      store.claimDueOrders(later, 500),
      store.claimDueOrders(later, 500),
    ]);
    const ids = [...a, ...b].map((o) => o.saleId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const sale of sales) expect(ids).toContain(sale.id);
    // Claimed: pushed a lease ahead, so the next tick does not ask again.
    expect(await store.claimDueOrders(later, 500)).toHaveLength(0);
  });

  it("a PAID for another amount releases nothing", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await control(`/orders/${sale.id}/script`, { statuses: ["PAID_WRONG_AMOUNT"] });
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "unverified",
      reason: expect.stringMatching(/does not match this sale's amount/),
    });
    expect(fulfil.result).not.toHaveBeenCalled();
  });
});

describe("card payment at the kiosk", () => {
  it("returns the hosted page's address and points the checkout back at the kiosk", async () => {
    const sale = await cardSale(kiosk);
    const { paymentPageUrl } = await card.startKioskCardPayment(sale.id, kiosk);
    expect(paymentPageUrl).toMatch(new RegExp(`^${sandbox.origin}/checkout/`));
    expect(card.cardReturnUrls(sale.id, "kiosk").success).toBe(
      `http://kassa.test/kiosk/pay/${sale.id}/done`,
    );
    await expect(card.startKioskCardPayment(sale.id, cashier)).rejects.toThrow(/Only a kiosk/);
  });

  it("the success URL of an unpaid order releases nothing", async () => {
    const sale = await cardSale(kiosk);
    await card.startKioskCardPayment(sale.id, kiosk);
    expect(await card.finishKioskCardPayment(sale.id, kiosk, false)).toMatchObject({
      state: "waiting",
      remainingMs: null,
    });
    expect(await card.finishKioskCardPayment(sale.id, kiosk, true)).toMatchObject({
      state: "not_paid",
    });
    expect(await saleNow(sale.id)).toMatchObject({ status: "failed", attempts: 0 });
    expect(fulfil.result).not.toHaveBeenCalled();
  });

  it("a paid order on return sends the sale", async () => {
    const sale = await cardSale(kiosk);
    await card.startKioskCardPayment(sale.id, kiosk);
    await sandbox.orderAction(sale.id, "pay");
    expect(await card.finishKioskCardPayment(sale.id, kiosk, false)).toMatchObject({
      state: "settled",
      sale: { status: "completed" },
    });
    expect(fulfil.result).toHaveBeenCalledTimes(1);
  });
});
