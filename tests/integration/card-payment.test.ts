import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { SANDBOX_API_KEY } from "@/lib/env-schema";

/**
 * The card-payment flow against the sandbox over real HTTP, with a journal of its own.
 * The VAS fulfiller is replaced (it is another flow's code, not the upstream) so that
 * these tests decide whether a paid sale goes through; everything card-related is real.
 */
const fulfil = vi.hoisted(() => ({ result: vi.fn<() => Promise<unknown>>() }));
vi.mock("@/lib/sales/kinds/vas", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/sales/kinds/vas")>();
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

const recorded = { actor: { username: "test" }, kind: "sale_recorded" as const, detail: {} };

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
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "waiting",
      paymentStatus: null,
    });
    await control(`/orders/${sale.id}/script`, { statuses: ["PENDING", "PAID"] });
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "waiting",
      paymentStatus: "PENDING",
    });
    expect(fulfil.result).not.toHaveBeenCalled();
    expect(await card.checkCardPayment(sale.id, cashier, null)).toEqual({
      state: "settled",
      sale: { id: sale.id, kind: "vas", status: "completed" },
    });
    // A late poll after the sale went through changes nothing and calls nobody.
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({ state: "settled" });
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
    const view = await card.checkCardPayment(sale.id, cashier, null);
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
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "not_paid",
      reason: expect.stringMatching(/cancelled/),
    });
  });

  it("Cancel at the till: not paid before the customer opened the page, unverified once they had", async () => {
    const untouched = await cardSale(cashier);
    await card.startCardPayment(untouched.id, cashier);
    expect(await card.checkCardPayment(untouched.id, cashier, "cancel")).toMatchObject({
      state: "not_paid",
    });
    expect((await orderNow(untouched.id)).status).toBe("cancelled");

    const opened = await cardSale(cashier);
    await card.startCardPayment(opened.id, cashier);
    await sandbox.orderAction(opened.id, "open");
    expect(await card.checkCardPayment(opened.id, cashier, "cancel")).toMatchObject({
      state: "unverified",
    });
    expect(await saleNow(opened.id)).toMatchObject({
      status: "unknown",
      attempts: 0,
      error: { kind: "card_unverified" },
    });
  });

  it("a VERIFICATION_ERROR leaves the sale unknown; a payment seen later is listed for refund, never sold", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await control(`/orders/${sale.id}/script`, { statuses: ["VERIFICATION_ERROR"] });
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "unverified",
      reason: expect.stringMatching(/could not be verified/),
    });
    await sandbox.orderAction(sale.id, "pay");
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "unverified",
    });
    expect(await card.peekCardPayment(sale.id, { role: "supervisor" })).toEqual({
      paymentStatus: "PAID",
      needsRefund: true,
    });
    expect(fulfil.result).not.toHaveBeenCalled();
    expect(await saleNow(sale.id)).toMatchObject({ status: "unknown", attempts: 0 });
    expect((await card.cardOrdersNeedingRefund()).map((r) => r.sale.id)).toContain(sale.id);
  });

  it("still PENDING at the time limit: unknown, not sold", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await sandbox.orderAction(sale.id, "open");
    await database
      .update(schema.cardOrders)
      .set({ createdAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(schema.cardOrders.saleId, sale.id));
    expect(await card.checkCardPayment(sale.id, cashier, null)).toMatchObject({
      state: "unverified",
      reason: expect.stringMatching(/still in progress/),
    });
    expect(await saleNow(sale.id)).toMatchObject({
      status: "unknown",
      error: { kind: "card_unverified" },
    });
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
    const view = await card.checkCardPayment(sale.id, cashier, null);
    expect(view).toMatchObject({
      state: "settled",
      sale: { status: "failed", message: expect.stringMatching(/not available.*refund/) },
    });
    expect((await orderNow(sale.id)).needsRefund).toBe(true);
  });

  it("never settles a sale as not paid once a PAID check has handed it to sendSale", async () => {
    const sale = await cardSale(cashier);
    await card.startCardPayment(sale.id, cashier);
    await journal.claimAttempt(sale.id, "first");
    const { settleUnsent } = await import("@/lib/sales/card-store");
    expect(
      await settleUnsent(sale.id, "unknown", { kind: "card_unverified", message: "x" }),
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
