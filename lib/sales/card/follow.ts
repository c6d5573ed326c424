import "server-only";
import { env } from "@/lib/env";
import { admitSale, isStopping } from "@/lib/lifecycle";
import type { Actor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { CardOrder, Sale } from "@/lib/db/schema";
import { findSale } from "@/lib/sales/journal";
import { sendSale } from "@/lib/sales/send";
import { NOT_PAID_MESSAGES, paidMismatch, UNVERIFIED_MESSAGES } from "./outcome";
import { checkOnce } from "./status";
import { businessDayOver, nextCheckAt, tillPresent } from "./schedule";
import {
  claimDueOrders,
  markFinal,
  markNeedsRefund,
  PAID_AFTER_CANCEL_MESSAGE,
  PAID_NOT_DELIVERED_MESSAGE,
} from "./store";
import { moveSale } from "@/lib/sales/door";
import { log } from "@/lib/log";

/**
 * The follower: Kassa keeps asking the core service about every card order it opened until
 * the order is final, long after the till stopped waiting (Cancel, a closed tab, a restart).
 * Its schedule lives in card_orders.next_check_at, so a restart resumes it and several
 * instances share the work without asking about one order twice at once.
 */

const FOLLOWER: Actor = { role: "system", username: "card-follower" };
export const UNPAID_AT_DAY_END =
  "The card payment was not made by the end of the business day. Nothing was sold.";

/**
 * What a verified PAID means for a sale. A till still on the sale (pending, its till waiting
 * since the order opened) goes ahead as usual: the sale is sent under its own key. A sale its
 * till cancelled becomes "paid after cancel", announced on that till, which delivers it or
 * records it owed back. Any other sale the till gave up on (not verified, screen left)
 * becomes "paid, not delivered" for a supervisor, who delivers it or refunds the customer.
 * Returns the sale as it now stands.
 */
export async function settlePaid(
  sale: Sale,
  order: CardOrder,
  actor: Actor,
  tillOnSale: boolean,
): Promise<Sale> {
  await markFinal(sale.id, actor);
  if (sale.status === "pending" && sale.attempts === 0 && tillOnSale) {
    const settled = await sendSale(sale.id, "first", actor);
    if (settled.attempts > 0) {
      // The customer paid but the sale did not go through: the money must go back.
      if (settled.status === "failed") await markNeedsRefund(sale.id, actor);
      return settled;
    }
    // Not claimed: the till cancelled it (or a sweep settled it) a moment before. The payment
    // is announced like any other late one, never dropped and never sold twice.
    sale = settled;
  }
  if (sale.attempts > 0) return sale;
  if (sale.error?.kind === "card_paid_after_cancel") return sale;
  if (sale.error?.kind === "card_cancelled_at_till") return paidAfterCancel(sale, order, actor);
  // Atomic against a till's PAID releasing it at the same moment: only one of the two finds
  // attempts 0. A sale a supervisor failed by hand while the payment was open is reopened
  // (the hand resolution stays in the audit).
  const flagged = await moveSale(await db(), "card_sale_paid_not_delivered", sale.id, {
    actor,
    args: { message: PAID_NOT_DELIVERED_MESSAGE },
    detail: {
      upstreamOrderId: order.upstreamOrderId,
      ...(sale.resolvedAt ? { reopened: "resolved_by_hand" } : {}),
    },
  });
  if (flagged) return flagged;
  // Cancelled at its till since this caller read it: announced there instead.
  const now = await findSale(sale.id);
  if (now?.error?.kind === "card_cancelled_at_till") return paidAfterCancel(now, order, actor);
  return now ?? sale;
}

/** The door's `card_sale_paid_after_cancel`: the till that cancelled is told (its card notices). */
async function paidAfterCancel(sale: Sale, order: CardOrder, actor: Actor): Promise<Sale> {
  const announced = await moveSale(await db(), "card_sale_paid_after_cancel", sale.id, {
    actor,
    args: { message: PAID_AFTER_CANCEL_MESSAGE },
    detail: { upstreamOrderId: order.upstreamOrderId },
  });
  return announced ?? (await findSale(sale.id)) ?? sale;
}

/** One follow-up check of one claimed order. */
export async function followOrder(order: CardOrder, now: Date = new Date()): Promise<void> {
  const sale = await findSale(order.saleId);
  if (!sale) return markFinal(order.saleId, FOLLOWER);
  const minuteMs = env().cardFollowMinuteMs;
  const { check, recorded } = await checkOnce(
    order,
    FOLLOWER,
    now,
    { by: "follower" },
    { nextCheckAt: nextCheckAt(order, now, minuteMs) },
  );
  if (!check.reached) return;
  const present = tillPresent(order, now);
  switch (check.paymentStatus) {
    case "PAID": {
      const mismatch = paidMismatch(check, {
        expectedCents: order.amountCents,
        orderIds: [sale.id, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])],
      });
      if (!mismatch) {
        await settlePaid(sale, recorded, FOLLOWER, present);
        return;
      }
      // Not this order's capture as Kassa made it: a supervisor looks; nothing is released.
      await markFinal(sale.id, FOLLOWER);
      await settleUnverified(sale, UNVERIFIED_MESSAGES[mismatch]);
      return;
    }
    case "FAILED":
      await markFinal(sale.id, FOLLOWER);
      await settleNotPaid(sale, NOT_PAID_MESSAGES.declined);
      return;
    case "NO_ATTEMPT":
    case "PENDING":
      if (businessDayOver(order, now) && !present) {
        await markFinal(sale.id, FOLLOWER);
        await settleNotPaid(sale, UNPAID_AT_DAY_END);
      }
      return;
    case "VERIFICATION_ERROR":
      return;
  }
}

/** Not paid: a sale never sent (waiting, or given up as not verified) fails; nothing was sold. */
async function settleNotPaid(sale: Sale, message: string): Promise<void> {
  const event = { actor: FOLLOWER, args: { message }, detail: { reason: "not_paid" } };
  // The door refuses any other state (sent, settled, or unknown for another reason).
  if (sale.status === "pending") await moveSale(await db(), "card_sale_not_paid", sale.id, event);
  else await moveSale(await db(), "card_sale_unverified_not_paid", sale.id, event);
}

async function settleUnverified(sale: Sale, message: string): Promise<void> {
  await moveSale(await db(), "card_sale_unverified", sale.id, {
    actor: FOLLOWER,
    args: { message },
    detail: { reason: "paid_mismatch" },
  });
}

/** Claim what is due and follow it; errors of one order never stop the others. */
export async function followDueOrders(now: Date = new Date(), limit = 20): Promise<number> {
  const due = await claimDueOrders(now, limit);
  for (const order of due) {
    try {
      await followOrder(order, now);
    } catch (error) {
      // The message too: an UpstreamError's is redacted, and a bare "Error" says nothing.
      log().error({ saleId: order.saleId, err: error }, "card follow-up failed");
    }
  }
  return due.length;
}

const globalForFollower = globalThis as unknown as { kassaCardFollower?: NodeJS.Timeout };

/** Started once per server process (lib/background.ts): one tick every few seconds. */
export function startCardFollower(): void {
  if (globalForFollower.kassaCardFollower) return;
  const tickMs = Math.min(5_000, Math.max(250, Math.floor(env().cardFollowMinuteMs / 4)));
  let running = false;
  const tick = async () => {
    // While Kassa stops nothing new is asked or sent; the next start picks the schedule up.
    if (running || isStopping()) return;
    running = true;
    try {
      await admitSale(followDueOrders, (message) => new Error(message));
    } catch (error) {
      log().error({ err: error }, "card follower tick failed");
    } finally {
      running = false;
    }
  };
  globalForFollower.kassaCardFollower = setInterval(() => void tick(), tickMs);
  globalForFollower.kassaCardFollower.unref();
}
