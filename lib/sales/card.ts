/**
 * Card payments through the core service's hosted checkout (issue 4).
 *
 * CONTRACT for the flows that take card payments (electricity, bills, fines, VAS):
 * 1. The purchase action records the sale with `recordSale({... method: "card" ...})` and does
 *    NOT send it. Lines of the order come from `sale.request` (lib/sales/card-lines.ts):
 *    electricity `{meterNumber, municipality}`, bill `{accountNumber, municipality}`, fines
 *    `{fines: [{noticeNumber, grossCents}]}` (one line per notice; must add up to the sale's
 *    amount), VAS `{productId, productName?, category?, recipient?}`. Anything else still
 *    works as one line for the whole sale.
 * 2. Counter: render `<CardPayment saleId amountCents onSettled onNotPaid />`
 *    (components/card/card-payment.tsx). It calls the actions in app/(till)/pay/actions.ts,
 *    which call `startCardPayment` and `checkCardPayment` below.
 *    - onSettled(sale): the payment was verified PAID and the sale was sent (sendSale); its
 *      status is completed, failed (then the order is listed for refund) or unknown (the
 *      kind's own recovery applies, e.g. electricity Retry under the same key).
 *    - onNotPaid(reason): nothing was sold. Declined, cancelled, not paid in time, OR the
 *      payment could not be verified (the sale is then `unknown` with error.kind
 *      "card_unverified" for a supervisor; it must never be retried or sent: the money may
 *      or may not have been taken). The cashier may start a new sale (cash or card).
 * 3. Kiosk: from your action call `startKioskCardPayment(saleId, staff)` →
 *    `{ paymentPageUrl }` and send the kiosk's browser there (e.g. `redirect(paymentPageUrl)`).
 *    The checkout returns to /kiosk/pay/<saleId>/done (or /cancelled); that page verifies the
 *    status (polling briefly while PENDING), sends the sale only on PAID, then goes to
 *    `/kiosk/fines/receipt/<saleId>` (KIOSK_RECEIPT_PATH) when the sale completed. Not paid:
 *    a plain message and a way back to /kiosk.
 * 4. Supervisor: `cardOrdersNeedingRefund()` lists paid orders whose sale failed (or whose
 *    sale was given up before the payment came in); `peekCardPayment(saleId, actor)` re-checks
 *    an order without ever releasing the sale.
 * A redirect to a return URL never releases anything: only checkOrderPaymentStatus = PAID does.
 */
import "server-only";
import { env } from "@/lib/env";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import type { Sale } from "@/lib/db/schema";
import { createOrder, isUpstreamError } from "@/lib/upstream";
import { findSale } from "./journal";
import { sendSale } from "./send";
import { planOrder } from "./card-lines";
import {
  CARD_TIME_LIMIT_MS,
  decideCardOutcome,
  NOT_PAID_MESSAGES,
  remainingMs,
  UNVERIFIED_MESSAGES,
} from "./card-outcome";
import { askStatus, isPaymentStatus, viewOfSale, type CardPaymentView } from "./card-view";
import {
  claimCardOrder,
  findCardOrder,
  markNeedsRefund,
  recordCheck,
  saveOpenedOrder,
  setOrderStatus,
  settleUnsent,
} from "./card-store";

export type { CardPaymentView } from "./card-view";
export type { SettledSale } from "./card-outcome";
export { cardOrdersNeedingRefund } from "./card-store";
export { peekCardPayment } from "./card-peek";

export { KIOSK_RECEIPT_PATH } from "./card-outcome";

/** Where the hosted checkout sends the customer back to: Kassa's own address and the sale id, nothing else. */
export function cardReturnUrls(
  saleId: string,
  channel: "counter" | "kiosk",
): { success: string; cancel: string } {
  const base = `${env().publicUrl}${channel === "kiosk" ? "/kiosk/pay" : "/pay"}/${encodeURIComponent(saleId)}`;
  return { success: `${base}/done`, cancel: `${base}/cancelled` };
}

/** The sale must be a card sale of this till (a kiosk only ever sees its own). */
async function ownCardSale(saleId: string, staff: Staff): Promise<Sale> {
  const sale = await findSale(saleId);
  if (!sale || sale.method !== "card" || sale.tillId !== staff.till.id)
    throw new ActionError("This card payment does not belong to this till.");
  return sale;
}

async function waitForPaymentPage(saleId: string): Promise<string | null> {
  // Another request (a double render) is opening the order right now; its answer is near.
  for (let i = 0; i < 20; i++) {
    const order = await findCardOrder(saleId);
    if (order?.paymentPageUrl) return order.paymentPageUrl;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/** Open the order at the core service (once per sale) and return where the customer pays. */
export async function startCardPayment(saleId: string, staff: Staff): Promise<CardPaymentView> {
  const sale = await ownCardSale(saleId, staff);
  const existing = await findCardOrder(sale.id);
  if (sale.status !== "pending" || sale.attempts > 0) return viewOfSale(sale, existing);
  const counter = staff.role !== "kiosk";
  const waiting = (url: string, createdAt: Date): CardPaymentView => ({
    state: "waiting",
    paymentPageUrl: url,
    paymentStatus: null,
    remainingMs: counter ? remainingMs(createdAt, new Date()) : null,
  });
  if (existing || !(await claimCardOrder(sale.id, sale.amountCents))) {
    const url = existing?.paymentPageUrl ?? (await waitForPaymentPage(sale.id));
    const order = await findCardOrder(sale.id);
    if (!url || !order)
      throw new ActionError("The card payment is still being started. Try again in a moment.");
    return waiting(url, order.createdAt);
  }
  const actor = actorOf(staff);
  const plan = planOrder(sale, env().vatPercent);
  try {
    const opened = await createOrder({
      orderId: sale.id,
      description: plan.description,
      totalCents: sale.amountCents,
      vatCents: plan.vatCents,
      lines: plan.lines,
      returnTo: cardReturnUrls(sale.id, counter ? "counter" : "kiosk"),
      metadata: { till: staff.till.id, cashier: staff.username, kind: sale.kind },
    });
    const saved = await saveOpenedOrder(sale.id, opened.upstreamOrderId, opened.paymentPageUrl);
    await audit(actor, "card_order_created", sale.id, {
      upstreamOrderId: opened.upstreamOrderId,
      amountCents: sale.amountCents,
      kind: sale.kind,
      lines: plan.lines.length,
    });
    return waiting(opened.paymentPageUrl, saved.createdAt);
  } catch (error) {
    // Nobody has seen a payment page for this order, so nobody can pay it: the sale is simply not paid.
    const why = isUpstreamError(error) ? error.cashierMessage : "Kassa could not start it.";
    const message = `The card payment could not be started: ${why} Nothing was sold.`;
    await setOrderStatus(sale.id, "cancelled");
    await audit(actor, "card_order_created", sale.id, {
      failed: true,
      error: isUpstreamError(error) ? error.kind : "internal",
    });
    const settled = await settleUnsent(sale.id, "failed", { kind: "card_order_failed", message });
    if (settled)
      await audit(actor, "sale_settled", sale.id, {
        kind: sale.kind,
        status: "failed",
        amountCents: sale.amountCents,
      });
    return { state: "not_paid", reason: message };
  }
}

/**
 * Ask the core service how the order stands and act on it: PAID sends the sale (only one
 * caller wins), FAILED or a cancelled checkout settles it not paid, PENDING past the limit
 * or VERIFICATION_ERROR settles it unknown. `giveUp` is Cancel at the till ("cancel") or
 * the kiosk return page's last check ("final").
 */
export async function checkCardPayment(
  saleId: string,
  staff: Staff,
  giveUp: "cancel" | "final" | null,
): Promise<CardPaymentView> {
  const sale = await ownCardSale(saleId, staff);
  const order = await findCardOrder(saleId);
  if (sale.status !== "pending" || sale.attempts > 0) return viewOfSale(sale, order);
  if (!order?.paymentPageUrl) throw new ActionError("No card payment was started for this sale.");
  const actor = actorOf(staff);
  const now = new Date();
  const check = await askStatus(saleId);
  const recorded = await recordCheck(saleId, check.reached ? check.paymentStatus : null, now);
  await audit(actor, "card_status_checked", saleId, {
    paymentStatus: check.reached ? check.paymentStatus : "unreachable",
    check: recorded.checks,
    giveUp,
  });
  const counter = staff.role !== "kiosk";
  const left = remainingMs(order.createdAt, now, CARD_TIME_LIMIT_MS);
  const decision = decideCardOutcome(check, {
    expectedCents: order.amountCents,
    previousStatus: isPaymentStatus(order.status) ? order.status : null,
    expired: counter && left === 0,
    giveUp,
  });
  switch (decision.kind) {
    case "wait":
      return {
        state: "waiting",
        paymentPageUrl: order.paymentPageUrl,
        paymentStatus: check.reached && check.paymentStatus === "PENDING" ? "PENDING" : null,
        remainingMs: counter ? left : null,
      };
    case "release": {
      const settled = await sendSale(saleId, "first", actor);
      // The customer paid but the sale did not go through: the money must go back.
      if (settled.status === "failed") await markNeedsRefund(saleId);
      return viewOfSale(settled, await findCardOrder(saleId));
    }
    case "not_paid":
    case "unverified": {
      const failed = decision.kind === "not_paid";
      const message = failed
        ? NOT_PAID_MESSAGES[decision.reason]
        : UNVERIFIED_MESSAGES[decision.reason];
      if (failed && giveUp === "cancel") await setOrderStatus(saleId, "cancelled");
      const settled = await settleUnsent(saleId, failed ? "failed" : "unknown", {
        kind: failed ? "card_not_paid" : "card_unverified",
        message,
      });
      if (settled)
        await audit(actor, "sale_settled", saleId, {
          kind: settled.kind,
          status: settled.status,
          amountCents: settled.amountCents,
          reason: decision.reason,
        });
      return viewOfSale(settled ?? (await findSale(saleId)) ?? sale, await findCardOrder(saleId));
    }
  }
}

/** The kiosk's start: the order for a recorded card sale of this kiosk, and where to send its browser. */
export async function startKioskCardPayment(
  saleId: string,
  staff: Staff,
): Promise<{ paymentPageUrl: string }> {
  if (staff.role !== "kiosk") throw new ActionError("Only a kiosk pays through the redirect flow.");
  const view = await startCardPayment(saleId, staff);
  if (view.state === "waiting") return { paymentPageUrl: view.paymentPageUrl };
  throw new ActionError(
    view.state === "not_paid" || view.state === "unverified"
      ? view.reason
      : "This sale is already settled.",
  );
}

/** The kiosk's return page: verify, and send the sale only on PAID. `final` on its last check. */
export async function finishKioskCardPayment(
  saleId: string,
  staff: Staff,
  final: boolean,
): Promise<CardPaymentView> {
  if (staff.role !== "kiosk") throw new ActionError("Only a kiosk pays through the redirect flow.");
  return checkCardPayment(saleId, staff, final ? "final" : null);
}
