import "server-only";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/audit";
import type { CardOrder, Sale } from "@/lib/db/schema";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { findSale } from "@/lib/sales/journal";
import {
  CARD_TIME_LIMIT_MS,
  decideCardOutcome,
  NOT_PAID_MESSAGES,
  paidMismatch,
  remainingMs,
  STOPPED_MESSAGES,
  UNVERIFIED_MESSAGES,
} from "./outcome";
import { isPaymentStatus, viewOfSale, type CardPaymentView } from "./view";
import { checkOnce } from "./status";
import { findCardOrder, markFinal } from "./store";
import { moveOrder, moveSale } from "@/lib/sales/door";
import { db } from "@/lib/db";
import { settlePaid } from "./follow";
import { TILL_PRESENT_MS } from "./schedule";
import { ownCardSale } from "./start";

/**
 * Why the order is checked: the till's poll, Cancel at the till, the kiosk return page's
 * last check, or "Check payment" on a card sale whose screen was left (the cashier is back
 * on it, so it settles like Cancel, and a sale given up earlier that has since been paid
 * becomes "paid, not delivered", or "paid after cancel" when its till had cancelled it).
 */
export type CheckMode = "poll" | "cancel" | "final" | "recheck";

/**
 * Ask the core service how the order stands and act on it: PAID sends the sale (only one
 * caller wins), FAILED or a cancelled checkout settles it not paid, PENDING past the limit
 * or VERIFICATION_ERROR settles it unknown.
 */
export async function checkCardPayment(
  saleId: string,
  staff: Staff,
  mode: CheckMode,
): Promise<CardPaymentView> {
  const sale = await ownCardSale(saleId, staff);
  const order = await findCardOrder(saleId);
  const actor = actorOf(staff);
  if (sale.attempts > 0) return viewOfSale(sale, order);
  if (sale.status !== "pending") {
    if (mode === "recheck" && order?.paymentPageUrl && !order.final)
      await recheckGivenUp(sale, order, actor);
    return viewOfSale((await findSale(saleId)) ?? sale, await findCardOrder(saleId));
  }
  if (!order?.paymentPageUrl) throw new ActionError("No card payment was started for this sale.");
  const now = new Date();
  const { check, recorded } = await checkOnce(
    order,
    actor,
    now,
    { mode },
    {
      // Only a till (or a kiosk's return page) still waiting is on the sale; Cancel is not.
      tillSeen: mode === "poll" || mode === "final",
      // The follower stays a full step behind a till that is still asking itself.
      nextCheckAt: new Date(now.getTime() + Math.max(env().cardFollowMinuteMs, TILL_PRESENT_MS)),
    },
  );
  const counter = staff.role !== "kiosk";
  const left = remainingMs(order.createdAt, now, CARD_TIME_LIMIT_MS);
  const decision = decideCardOutcome(check, {
    expectedCents: order.amountCents,
    orderIds: [saleId, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])],
    previousStatus: isPaymentStatus(order.status) ? order.status : null,
    expired: counter && left === 0,
    giveUp: mode === "poll" ? null : mode === "recheck" ? "cancel" : mode,
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
    case "stopped": {
      // Nothing sold, and the order stays open to the follower: a payment the phone makes
      // later is announced on this till (paid after cancel), never sold by itself.
      const settled = await moveSale(await db(), "card_sale_cancelled_at_till", saleId, {
        actor,
        args: { message: STOPPED_MESSAGES[decision.reason] },
        detail: {
          reason: decision.reason,
          paymentStatus: check.reached ? check.paymentStatus : "unreachable",
        },
      });
      return viewOfSale(settled ?? (await findSale(saleId)) ?? sale, await findCardOrder(saleId));
    }
    case "not_paid":
    case "unverified": {
      const failed = decision.kind === "not_paid";
      const message = failed
        ? NOT_PAID_MESSAGES[decision.reason]
        : UNVERIFIED_MESSAGES[decision.reason];
      const database = await db();
      if (failed && mode !== "poll" && decision.reason === "cancelled")
        await moveOrder(database, "card_order_cancelled", saleId, { actor, args: {} });
      // A declined order is over; anything else may still be paid, so the follower keeps asking.
      if (decision.kind === "not_paid" && decision.reason === "declined")
        await markFinal(saleId, actor);
      const event = { actor, args: { message }, detail: { reason: decision.reason } };
      const settled = failed
        ? await moveSale(database, "card_sale_not_paid", saleId, event)
        : await moveSale(database, "card_sale_unverified", saleId, event);
      return viewOfSale(settled ?? (await findSale(saleId)) ?? sale, await findCardOrder(saleId));
    }
  }
}

/**
 * Before a supervisor settles an unknown card sale by hand: ask the core service once more.
 * A payment made since is listed as paid, not delivered ("paid"); a declined one settles the
 * sale ("settled"); otherwise (still open, or not reached) the hand resolution goes ahead,
 * and a payment later still reopens the sale (the door's `card_sale_paid_not_delivered`).
 */
export async function recheckBeforeResolving(
  saleId: string,
  actor: Actor,
): Promise<"paid" | "settled" | "open"> {
  const sale = await findSale(saleId);
  const order = sale?.method === "card" ? await findCardOrder(saleId) : undefined;
  if (!sale || sale.status !== "unknown" || sale.attempts > 0) return "open";
  if (!order?.paymentPageUrl || order.final) return "open";
  await recheckGivenUp(sale, order, actor);
  const after = await findSale(saleId);
  if (after?.error?.kind === "card_paid_not_delivered") return "paid";
  return after?.status === "unknown" ? "open" : "settled";
}

/** "Check payment" on a sale the till gave up on: a payment since is listed, never sold here. */
async function recheckGivenUp(sale: Sale, order: CardOrder, actor: Actor): Promise<void> {
  const now = new Date();
  const { check, status, recorded } = await checkOnce(order, actor, now, { mode: "recheck" });
  if (!check.reached) return;
  const orderIds = [sale.id, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])];
  if (status === "PAID" && !paidMismatch(check, { expectedCents: order.amountCents, orderIds }))
    await settlePaid(sale, recorded, actor, false);
  else if (status === "FAILED" && sale.status === "unknown") {
    await markFinal(sale.id, actor);
    await moveSale(await db(), "card_sale_unverified_not_paid", sale.id, {
      actor,
      args: { message: NOT_PAID_MESSAGES.declined },
      detail: { reason: "declined" },
    });
  }
}
