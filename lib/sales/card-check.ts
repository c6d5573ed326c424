import "server-only";
import { env } from "@/lib/env";
import { audit, type Actor } from "@/lib/audit";
import type { CardOrder, Sale } from "@/lib/db/schema";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import { findSale } from "./journal";
import {
  CARD_TIME_LIMIT_MS,
  decideCardOutcome,
  NOT_PAID_MESSAGES,
  paidMismatch,
  remainingMs,
  UNVERIFIED_MESSAGES,
} from "./card-outcome";
import { askStatus, isPaymentStatus, viewOfSale, type CardPaymentView } from "./card-view";
import {
  findCardOrder,
  markFinal,
  recordCheck,
  setOrderStatus,
  settleUnsent,
  settleUnverifiedUnsent,
} from "./card-store";
import { settlePaid } from "./card-follow";
import { TILL_PRESENT_MS } from "./card-schedule";
import { ownCardSale } from "./card-start";

/**
 * Ask the core service how the order stands and act on it: PAID sends the sale (only one
 * caller wins), FAILED or a cancelled checkout settles it not paid, PENDING past the limit
 * or VERIFICATION_ERROR settles it unknown. `giveUp` is Cancel at the till ("cancel"), the
 * kiosk return page's last check ("final"), or "Check payment" on a card sale whose screen
 * was left ("check": the cashier is back on it, so it settles like Cancel, and a sale given
 * up earlier that has since been paid becomes "paid, not delivered").
 */
export async function checkCardPayment(
  saleId: string,
  staff: Staff,
  giveUp: "cancel" | "final" | "check" | null,
): Promise<CardPaymentView> {
  const sale = await ownCardSale(saleId, staff);
  const order = await findCardOrder(saleId);
  const actor = actorOf(staff);
  if (sale.attempts > 0) return viewOfSale(sale, order);
  if (sale.status !== "pending") {
    if (giveUp === "check" && order?.paymentPageUrl && !order.final)
      await recheckGivenUp(sale, order, actor);
    return viewOfSale((await findSale(saleId)) ?? sale, await findCardOrder(saleId));
  }
  if (!order?.paymentPageUrl) throw new ActionError("No card payment was started for this sale.");
  const now = new Date();
  const check = await askStatus(saleId, order.upstreamOrderId);
  const recorded = await recordCheck(saleId, check.reached ? check.paymentStatus : null, now, {
    tillSeen: true,
    // The follower stays a full step behind a till that is still asking itself.
    nextCheckAt: new Date(now.getTime() + Math.max(env().cardFollowMinuteMs, TILL_PRESENT_MS)),
  });
  await audit(actor, "card_status_checked", saleId, {
    paymentStatus: check.reached ? check.paymentStatus : "unreachable",
    check: recorded.checks,
    giveUp,
  });
  const counter = staff.role !== "kiosk";
  const left = remainingMs(order.createdAt, now, CARD_TIME_LIMIT_MS);
  const decision = decideCardOutcome(check, {
    expectedCents: order.amountCents,
    orderIds: [saleId, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])],
    previousStatus: isPaymentStatus(order.status) ? order.status : null,
    expired: counter && left === 0,
    giveUp: giveUp === "check" ? "cancel" : giveUp,
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
      const settled = await settlePaid(sale, recorded, actor, true);
      return viewOfSale(settled, await findCardOrder(saleId));
    }
    case "not_paid":
    case "unverified": {
      const failed = decision.kind === "not_paid";
      const message = failed
        ? NOT_PAID_MESSAGES[decision.reason]
        : UNVERIFIED_MESSAGES[decision.reason];
      if (failed && giveUp !== null && decision.reason === "cancelled")
        await setOrderStatus(saleId, "cancelled");
      // A declined order is over; anything else may still be paid, so the follower keeps asking.
      if (decision.kind === "not_paid" && decision.reason === "declined") await markFinal(saleId);
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

/** "Check payment" on a sale the till gave up on: a payment since is listed, never sold here. */
async function recheckGivenUp(sale: Sale, order: CardOrder, actor: Actor): Promise<void> {
  const now = new Date();
  const check = await askStatus(sale.id, order.upstreamOrderId);
  const status = check.reached ? check.paymentStatus : null;
  const recorded = await recordCheck(sale.id, status, now);
  await audit(actor, "card_status_checked", sale.id, {
    paymentStatus: status ?? "unreachable",
    check: recorded.checks,
    giveUp: "check",
  });
  if (!check.reached) return;
  const orderIds = [sale.id, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])];
  if (status === "PAID" && !paidMismatch(check, { expectedCents: order.amountCents, orderIds }))
    await settlePaid(sale, recorded, actor, false);
  else if (status === "FAILED" && sale.status === "unknown") {
    await markFinal(sale.id);
    await settleUnverifiedUnsent(sale.id, NOT_PAID_MESSAGES.declined);
  }
}
