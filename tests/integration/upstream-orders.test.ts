import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { createOrder } from "@/lib/upstream/orders";
import { checkOrderPaymentStatus, fetchLedger } from "@/lib/upstream/reconciliation";
import { UpstreamError } from "@/lib/upstream/errors";
import { connectToSharedSandbox } from "./upstream-sandbox";

const sandbox = connectToSharedSandbox();

function order(orderId: string, totalCents = 34550) {
  return {
    orderId,
    description: "Traffic fines (2)",
    totalCents,
    lines: [
      {
        id: "l1",
        productId: "fine",
        name: "Notice 0212600000000019",
        unitPriceCents: totalCents,
        quantity: 1,
      },
    ],
    returnTo: {
      success: "http://localhost:3000/kiosk/paid",
      cancel: "http://localhost:3000/kiosk/cancelled",
    },
    metadata: { till: "kiosk-1", cashier: "kiosk", kind: "fines" },
  };
}

describe("card orders and reconciliation against the sandbox", () => {
  it("[orders.putOrder] opens an order with a hosted checkout on the sandbox", async () => {
    const id = randomUUID();
    const created = await createOrder(order(id));
    expect(created.orderId).toBe(id);
    expect(created.paymentPageUrl.startsWith(sandbox.origin)).toBe(true);
    const page = await fetch(created.paymentPageUrl);
    expect(page.status).toBe(200);
    expect(plainText(await page.text())).toContain("R 345,50");
  });

  it("[orders.putOrder] passes on the upstream's refusal as the cashier message", async () => {
    const e: unknown = await createOrder({
      ...order(randomUUID()),
      returnTo: { success: "not a url", cancel: "also not" },
    }).catch((x: unknown) => x);
    // Kassa's own check (z.url on the wire) does not run on input, so the sandbox's 400 is what comes back.
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e).toMatchObject({ kind: "rejected", outcomeKnown: true });
    expect((e as UpstreamError).cashierMessage).toMatch(/redirect/i);
  });

  it("[reconciliation.checkOrderPaymentStatus] follows the order from no attempt to paid", async () => {
    const id = randomUUID();
    await createOrder(order(id, 10000));
    expect((await checkOrderPaymentStatus(id)).paymentStatus).toBe("NO_ATTEMPT");
    await sandbox.orderAction(id, "pay");
    const paid = await checkOrderPaymentStatus(id);
    expect(paid).toMatchObject({
      orderId: id,
      paymentStatus: "PAID",
      amountCents: 10000,
      verificationErrors: [],
    });
  });

  it("[reconciliation.checkOrderPaymentStatus] returns VERIFICATION_ERROR for an unknown order instead of throwing", async () => {
    const status = await checkOrderPaymentStatus(`missing-${randomUUID()}`);
    expect(status.paymentStatus).toBe("VERIFICATION_ERROR");
    expect(status.verificationErrors).toHaveLength(1);
  });

  it("[reconciliation.endOfDayLedger] lists yesterday's card payments in cents", async () => {
    const reference = `ledger-${randomUUID()}`;
    await sandbox.addLedgerPayment({ paymentReference: reference, amount: 123.45 });
    const ledger = await fetchLedger();
    const entry = ledger.entries.find((e) => e.orderId === reference);
    expect(entry).toMatchObject({ amountCents: 12345, gatewayStatus: "APPROVED", currency: "ZAR" });
    expect(ledger.businessDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ledger.periodStart?.getTime()).toBeLessThan(Date.now());
    expect(ledger.totalCents).toBe(ledger.entries.reduce((s, e) => s + e.amountCents, 0));
  });
});
