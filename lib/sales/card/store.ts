import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales, type CardOrder, type Sale } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { leaseDueOrders, moveOrder, paidNotDeliveredSql } from "@/lib/sales/door";
import { FOLLOW_LEASE_MS, TILL_PRESENT_MS } from "./schedule";

/**
 * The card_orders side of the journal, read: one row per sale paid by card. Every change of
 * an order (and of its sale) goes through the door (lib/sales/door).
 */

export async function findCardOrder(saleId: string): Promise<CardOrder | undefined> {
  const database = await db();
  const [row] = await database
    .select()
    .from(cardOrders)
    .where(eq(cardOrders.saleId, saleId))
    .limit(1);
  return row;
}

/** Nobody asks about this order again: PAID handled, FAILED, or unpaid at the end of its day. */
export async function markFinal(saleId: string, actor: Actor): Promise<void> {
  await moveOrder(await db(), "card_order_closed", saleId, { actor, args: {} });
}

/** Paid, and the sale did not go through: the money goes back. */
export async function markNeedsRefund(saleId: string, actor: Actor): Promise<void> {
  await moveOrder(await db(), "card_refund_owed", saleId, { actor, args: {} });
}

/** Paid card orders whose sale did not go through: the supervisor's refund list. */
export async function cardOrdersNeedingRefund(): Promise<{ order: CardOrder; sale: Sale }[]> {
  const database = await db();
  return database
    .select({ order: cardOrders, sale: sales })
    .from(cardOrders)
    .innerJoin(sales, eq(sales.id, cardOrders.saleId))
    .where(eq(cardOrders.needsRefund, true))
    .orderBy(cardOrders.createdAt);
}

/** The follower's claim: the orders due now, each leased ahead (the door's leaseDueOrders). */
export async function claimDueOrders(now: Date, limit: number): Promise<CardOrder[]> {
  return leaseDueOrders(await db(), now, FOLLOW_LEASE_MS, limit);
}

export const PAID_NOT_DELIVERED_MESSAGE =
  "Paid by card after the till stopped waiting: not delivered. A supervisor delivers it or refunds the customer.";

export const PAID_AFTER_CANCEL_MESSAGE =
  "Paid by card after the till cancelled: not delivered yet. The till that cancelled delivers it while the customer is there or records it owed back; otherwise a supervisor delivers it or refunds the customer.";

export const OWED_BACK_MESSAGE =
  "Paid by card after the till cancelled, and not delivered: the card payment is owed back to the customer. A supervisor refunds it.";

/** For report queries on sales: this sale is paid, not delivered (money owed). */
export { paidNotDeliveredSql };

/**
 * Paid-not-delivered sales still waiting for a supervisor, newest first; one cashier's only,
 * if named (then without those paid after their till cancelled: the till's own notice).
 */
export async function paidNotDelivered(
  userId?: string,
): Promise<{ order: CardOrder; sale: Sale }[]> {
  const database = await db();
  return database
    .select({ order: cardOrders, sale: sales })
    .from(cardOrders)
    .innerJoin(sales, eq(sales.id, cardOrders.saleId))
    .where(
      and(
        paidNotDeliveredSql,
        // The till that cancelled announces its own (paid after cancel) with Deliver now.
        ...(userId
          ? [eq(sales.userId, userId), sql`${sales.error}->>'kind' <> 'card_paid_after_cancel'`]
          : []),
      ),
    )
    .orderBy(sql`${cardOrders.paidNotDeliveredAt} desc`)
    .limit(200);
}

/** A cashier's card sales still waiting for their payment (the till's screen was left). */
export async function waitingCardSales(userId: string, tillId: string): Promise<Sale[]> {
  const database = await db();
  return database
    .select({ sale: sales })
    .from(sales)
    .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(
      and(
        eq(sales.userId, userId),
        eq(sales.tillId, tillId),
        eq(sales.method, "card"),
        eq(sales.status, "pending"),
        eq(sales.attempts, 0),
        sql`${cardOrders.paymentPageUrl} is not null`,
        // Not the sale a till is showing right now: no till has asked about it for a while.
        sql`coalesce(${cardOrders.tillSeenAt}, ${cardOrders.createdAt}) < ${new Date(Date.now() - TILL_PRESENT_MS).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${sales.createdAt} desc`)
    .limit(20)
    .then((rows) => rows.map((r) => r.sale));
}
