import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales, type PaymentMethod, type SaleKind } from "@/lib/db/schema";

/**
 * What the till that cancelled a card payment must hear about it: the one read behind the
 * till's notice "Paid after you cancelled" (components/till/notices.ts, through /api/sales/unseen, which the
 * till polls while a cancelled payment can still be paid). Only the cashier's own sales at
 * this till: the till that cancelled is the one told.
 */

/** A card payment the customer made after this till cancelled it, not yet delivered or owed back. */
export interface PaidAfterCancelNotice {
  saleId: string;
  kind: SaleKind;
  amountCents: number;
  reference: string;
  /** When the sale was rung up (ISO). */
  createdAt: string;
  /** When Kassa saw the payment (ISO). */
  paidAt: string | null;
  /** The number the customer's phone shows: the core service's order id, else Kassa's. */
  orderNumber: string;
  /**
   * The same thing was sold again at this till since (cash, or another card payment that went
   * through): delivering this one would sell it twice, so only "owed back" is offered.
   */
  soldAgain: { at: string; method: PaymentMethod } | null;
}

export interface CardFollowUps {
  paidAfterCancel: PaidAfterCancelNotice[];
  /**
   * Cancelled at this till while the customer's phone can still pay (the order is still
   * followed): when each was cancelled (ISO). The till keeps listening while there are any.
   */
  stillPayable: { saleId: string; cancelledAt: string }[];
}

/**
 * A later sale of the same thing at the same till that went out (or may have): the same kind,
 * reference and amount, sent at least once, not failed, within a day. `outer` is the sales
 * row the card sale is read from.
 */
const soldAgainSql = sql`(select json_build_object('at', a.created_at, 'method', a.method)
  from ${sales} a where a.till_id = ${sales.tillId} and a.kind = ${sales.kind}
    and a.reference = ${sales.reference} and a.amount_cents = ${sales.amountCents}
    and a.id <> ${sales.id} and a.attempts > 0 and a.status in ('pending', 'completed', 'unknown')
    and a.created_at > ${sales.createdAt} and a.created_at < ${sales.createdAt} + interval '1 day'
  order by a.created_at limit 1)`;

/** For a transition of the door: no such later sale exists (checked in the same statement). */
export const notSoldAgainSql = sql`${soldAgainSql} is null`;

const awaitingTill = and(
  eq(sales.status, "unknown"),
  eq(sales.attempts, 0),
  sql`${sales.resolvedAt} is null`,
  sql`${sales.error}->>'kind' = 'card_paid_after_cancel'`,
);

function noticeOf(row: {
  id: string;
  kind: SaleKind;
  amountCents: number;
  reference: string;
  createdAt: Date;
  paidAt: Date | null;
  orderNumber: string | null;
  soldAgain: unknown;
}): PaidAfterCancelNotice {
  const again = (typeof row.soldAgain === "string" ? JSON.parse(row.soldAgain) : row.soldAgain) as {
    at: string;
    method: PaymentMethod;
  } | null;
  return {
    saleId: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    orderNumber: row.orderNumber ?? row.id,
    soldAgain: again ? { at: new Date(again.at).toISOString(), method: again.method } : null,
  };
}

const noticeColumns = {
  id: sales.id,
  kind: sales.kind,
  amountCents: sales.amountCents,
  reference: sales.reference,
  createdAt: sales.createdAt,
  paidAt: cardOrders.paidAt,
  orderNumber: cardOrders.upstreamOrderId,
  soldAgain: sql<unknown>`${soldAgainSql}`,
};

/** This cashier's card follow-ups at this till, newest first. */
export async function cardFollowUpsOf(userId: string, tillId: string): Promise<CardFollowUps> {
  const database = await db();
  const own = and(eq(sales.userId, userId), eq(sales.tillId, tillId), eq(sales.method, "card"));
  const [paid, payable] = await Promise.all([
    database
      .select(noticeColumns)
      .from(sales)
      .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
      .where(and(own, awaitingTill))
      .orderBy(desc(sales.createdAt))
      .limit(20),
    database
      .select({ saleId: sales.id, cancelledAt: sales.settledAt })
      .from(sales)
      .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
      .where(
        and(
          own,
          eq(sales.status, "failed"),
          sql`${sales.error}->>'kind' = 'card_cancelled_at_till'`,
          eq(cardOrders.final, false),
        ),
      )
      .orderBy(desc(sales.settledAt))
      .limit(20),
  ]);
  return {
    paidAfterCancel: paid.map(noticeOf),
    stillPayable: payable.map((p) => ({
      saleId: p.saleId,
      cancelledAt: (p.cancelledAt ?? new Date()).toISOString(),
    })),
  };
}

/** One sale's notice, whoever reads it (the till's Deliver now checks "sold again" here). */
export async function paidAfterCancelNotice(
  saleId: string,
): Promise<PaidAfterCancelNotice | undefined> {
  const database = await db();
  const [row] = await database
    .select(noticeColumns)
    .from(sales)
    .innerJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(and(eq(sales.id, saleId), awaitingTill))
    .limit(1);
  return row ? noticeOf(row) : undefined;
}
