import "server-only";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import { findSale } from "./journal";
import { sendSale } from "./send";
import {
  CARD_TIME_LIMIT_MS,
  decideCardOutcome,
  NOT_PAID_MESSAGES,
  remainingMs,
  UNVERIFIED_MESSAGES,
} from "./card-outcome";
import { askStatus, isPaymentStatus, viewOfSale, type CardPaymentView } from "./card-view";
import {
  findCardOrder,
  markNeedsRefund,
  recordCheck,
  setOrderStatus,
  settleUnsent,
} from "./card-store";
import { ownCardSale } from "./card-start";

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
