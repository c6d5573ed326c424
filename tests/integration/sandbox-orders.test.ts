import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { privateSandbox } from "./sandbox-helpers";

const sb = privateSandbox();

interface Created {
  orderId: string;
  referredId: string;
  paymentPageUrl: string;
}
interface Status {
  success: boolean;
  orderId: string;
  paymentStatus: string;
  transactionStatus: string;
  transactionAmount: number;
  verificationErrors: { message: string }[];
  id?: string;
  referrer?: string;
}
interface Ledger {
  businessDate: string;
  timezone: string;
  transactionCount: number;
  totalAmount: number;
  verificationErrorCount: number;
  transactions: {
    paymentReference: string;
    transactionAmount: number;
    transactionStatus: string;
    transactionTime: string;
  }[];
  verificationErrors: { message: string }[];
}

function orderBody(id: string, total = 1025) {
  return {
    merchantId: "staging",
    order: {
      id,
      date: new Date().toISOString(),
      orderDescription: "Traffic fine 0212600000000027",
      orderTotal: total,
      currency: "ZAR",
      products: [
        {
          id: "1",
          productId: "fine",
          name: "Traffic fine",
          unitPrice: total,
          currency: "ZAR",
          quantity: 1,
        },
      ],
    },
    redirectSuccess: "http://127.0.0.1:3000/kiosk/paid",
    redirectCancel: "http://127.0.0.1:3000/kiosk/cancelled",
    platform: "kassa",
    metadata: { till: "kiosk-1" },
  };
}

const create = async (id: string, total?: number) =>
  (await sb.api<Created>("/v2/putOrder", orderBody(id, total))).body;
const status = (orderId: string, path = "/v2/svcCheckOrderPaymentStatus") =>
  sb.api<Status>(path, { orderId });
const press = (order: Created, button: "pay" | "decline" | "cancel") =>
  fetch(`${order.paymentPageUrl}/${button}`, { method: "POST", redirect: "manual" });

describe("sandbox: card orders and the hosted checkout", () => {
  it("putOrder (both paths) returns a checkout page on the sandbox with Pay, Decline and Cancel", async () => {
    const order = await create("sale-1");
    expect(order.referredId).toBe("sale-1");
    expect(order.paymentPageUrl).toBe(`${sb.origin}/checkout/${order.orderId}`);
    const v1 = await sb.api<Created>("/v1/putOrderV2", orderBody("sale-2"));
    expect(v1.status).toBe(200);
    expect((await status(order.orderId)).body).toMatchObject({
      success: true,
      paymentStatus: "NO_ATTEMPT",
    });
    const page = await fetch(order.paymentPageUrl);
    const html = await page.text();
    expect(plainText(html)).toContain("R 1 025,00");
    expect(html).toContain("Traffic fine 0212600000000027");
    expect(html).not.toContain("<script");
    for (const label of ["Pay", "Decline", "Cancel"])
      expect(html).toMatch(new RegExp(`<button[^>]*>${label}</button>`));
    expect((await status(order.orderId)).body.paymentStatus).toBe("PENDING");
  });

  it("refuses a non-ZAR order with the documented 400 body", async () => {
    const body = orderBody("sale-usd");
    body.order.currency = "USD";
    const res = await sb.api("/v2/putOrder", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining("ZAR") });
  });

  it("Pay redirects to redirectSuccess and makes the order PAID", async () => {
    const order = await create("sale-pay");
    const res = await press(order, "pay");
    expect([res.status, res.headers.get("location")]).toEqual([
      303,
      "http://127.0.0.1:3000/kiosk/paid",
    ]);
    expect((await status(order.orderId)).body).toMatchObject({
      paymentStatus: "PAID",
      transactionStatus: "APPROVED",
      transactionAmount: 1025,
    });
    expect((await status("sale-pay", "/v1/svcCheckOrderPaymentStatusV2")).body.paymentStatus).toBe(
      "PAID",
    );
  });

  it("Decline gives FAILED and Cancel gives NO_ATTEMPT (CANCELLED), both back to redirectCancel", async () => {
    const declined = await create("sale-decline");
    const d = await press(declined, "decline");
    expect([d.status, d.headers.get("location")]).toEqual([
      303,
      "http://127.0.0.1:3000/kiosk/cancelled",
    ]);
    expect((await status(declined.orderId)).body).toMatchObject({
      paymentStatus: "FAILED",
      transactionStatus: "DECLINED",
    });
    const cancelled = await create("sale-cancel");
    const c = await press(cancelled, "cancel");
    expect(c.headers.get("location")).toBe("http://127.0.0.1:3000/kiosk/cancelled");
    expect((await status(cancelled.orderId)).body).toMatchObject({
      paymentStatus: "NO_ATTEMPT",
      transactionStatus: "CANCELLED",
    });
  });

  it("an unknown order answers 404 with the {status, data} wrapper and one verification error", async () => {
    const res = await status("nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      status: 404,
      data: { success: false, paymentStatus: "VERIFICATION_ERROR", id: "", referrer: "" },
    });
    expect((res.body as unknown as { data: Status }).data.verificationErrors).toHaveLength(1);
  });

  it("scripted statuses are used once each, then the real state returns", async () => {
    const order = await create("sale-script");
    await sb.control(`/orders/${order.orderId}/script`, {
      statuses: ["PENDING", "VERIFICATION_ERROR", "PAID"],
    });
    expect((await status(order.orderId)).body.paymentStatus).toBe("PENDING");
    const err = await status(order.orderId);
    expect(err.status).toBe(500);
    expect(err.body).toMatchObject({
      success: false,
      paymentStatus: "VERIFICATION_ERROR",
      id: "",
      referrer: "",
    });
    expect(err.body.verificationErrors).toHaveLength(1);
    expect((await status(order.orderId)).body.paymentStatus).toBe("PAID");
    expect((await status(order.orderId)).body.paymentStatus).toBe("NO_ATTEMPT");
  });
});

describe("sandbox: end-of-day ledger", () => {
  const ledger = async (path = "/v2/svcEndOfDayLedger") => (await sb.api<Ledger>(path)).body;

  it("lists yesterday's paid orders once the clock moves to the next South African day", async () => {
    const paid = await create("sale-a", 100);
    await sb.control(`/orders/${paid.orderId}/pay`, {});
    const declined = await create("sale-b", 50);
    await sb.control(`/orders/${declined.orderId}/decline`, {});
    expect((await ledger()).transactions.map((t) => t.paymentReference)).not.toContain("sale-a");

    await sb.control("/clock", { offsetMs: 86_400_000 });
    const next = await ledger("/v1/svcEndOfDayLedgerV2");
    expect(next).toMatchObject({
      timezone: "Africa/Johannesburg",
      transactionCount: 1,
      totalAmount: 100,
      verificationErrorCount: 0,
    });
    expect(next.transactions[0]).toMatchObject({
      paymentReference: "sale-a",
      transactionStatus: "APPROVED",
      transactionAmount: 100,
    });
    expect(next.transactions[0]?.transactionTime).toMatch(/\+02:00$/);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(
      new Date(),
    );
    expect(next.businessDate).toBe(today);
  });

  it("test edits: an extra payment, a changed amount, a hidden one and a verification error", async () => {
    for (const [id, total] of [
      ["sale-c", 100],
      ["sale-d", 200],
    ] as const) {
      const o = await create(id, total);
      await sb.control(`/orders/${o.orderId}/pay`, {});
    }
    await sb.control("/clock", { offsetMs: 86_400_000 });
    await sb.control("/ledger/transactions", { paymentReference: "stranger", amount: 75 });
    await sb.control("/ledger/amend", { paymentReference: "sale-c", amount: 110 });
    await sb.control("/ledger/hide", { paymentReference: "sale-d" });
    await sb.control("/ledger/verification-errors", { message: "Gateway batch 7 incomplete" });
    const l = await ledger();
    expect(l.transactions.map((t) => [t.paymentReference, t.transactionAmount]).sort()).toEqual([
      ["sale-c", 110],
      ["stranger", 75],
    ]);
    expect(l).toMatchObject({
      totalAmount: 185,
      verificationErrorCount: 1,
      verificationErrors: [{ message: "Gateway batch 7 incomplete" }],
    });
  });
});
