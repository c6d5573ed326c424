import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, cardOrders, sales } from "@/lib/db/schema";

export const INTERRUPTED_MESSAGE =
  "Kassa stopped while this sale was being sent. Not confirmed — do not sell again.";
export const ABANDONED_CARD_MESSAGE =
  "The card payment was left before Kassa verified it. Not confirmed — a supervisor checks the payment.";

export const NOT_SENT_MESSAGE =
  "Kassa stopped before this sale was sent. Nothing was sold: sell again if the customer still wants it.";

export const UNOPENED_CARD_MESSAGE =
  "Kassa stopped while it was starting the card payment, before any payment page was shown. Nothing was paid and nothing was sold: sell again if the customer still wants it.";

/** Longer than any card wait (3 minutes) plus its last status check. */
export const ABANDONED_CARD_MS = 10 * 60_000;

/**
 * Sales that were sent upstream (attempts > 0) but never settled: a crash or a kill.
 * Their outcome cannot be known, so they become unknown — never failed, never resent here.
 * Card sales whose payment screen was left (the till closed mid-wait) become unknown too,
 * without being sent: the customer may have paid. The card follower (card-follow.ts) keeps
 * asking about their orders: paid makes them "paid, not delivered", unpaid makes them fail. A cash
 * sale recorded but never claimed (a crash between the two) was never sent: it failed. So
 * did a card sale whose order was claimed but never opened (a crash while the order was
 * being made): no payment page was ever shown, so nobody can have paid it, and without
 * this its till would read "still being started" until the card sweep ten minutes later.
 */
export async function sweepInterruptedSales(database: Db, olderThanMs: number): Promise<number> {
  const now = Date.now();
  const interrupted = await database
    .update(sales)
    .set({
      status: "unknown",
      error: { kind: "interrupted", message: INTERRUPTED_MESSAGE },
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sales.status, "pending"),
        sql`${sales.attempts} > 0`,
        lt(sales.updatedAt, new Date(now - olderThanMs)),
      ),
    )
    .returning({ id: sales.id });
  const abandoned = await database
    .update(sales)
    .set({
      status: "unknown",
      error: { kind: "card_unverified", message: ABANDONED_CARD_MESSAGE },
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sales.status, "pending"),
        eq(sales.method, "card"),
        eq(sales.attempts, 0),
        lt(sales.createdAt, new Date(now - ABANDONED_CARD_MS)),
        // A paid-not-delivered sale a supervisor is delivering right now is not abandoned.
        sql`not exists (select 1 from card_orders where card_orders.sale_id = ${sales.id} and card_orders.late_outcome is not null)`,
      ),
    )
    .returning({ id: sales.id, kind: sales.kind, amountCents: sales.amountCents });
  // How each of them ended, in its audit trail (the supervisor's check comes after).
  if (abandoned.length > 0)
    await database.insert(auditEvents).values(
      abandoned.map((s) => ({
        username: "sweep",
        role: "system",
        kind: "sale_settled",
        subject: s.id,
        detail: {
          kind: s.kind,
          status: "unknown",
          amountCents: s.amountCents,
          reason: "card_unverified",
        },
      })),
    );
  const notSent = await database
    .update(sales)
    .set({
      status: "failed",
      error: { kind: "not_sent", message: NOT_SENT_MESSAGE },
      settledAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sales.status, "pending"),
        eq(sales.method, "cash"),
        eq(sales.attempts, 0),
        lt(sales.updatedAt, new Date(now - olderThanMs)),
      ),
    )
    .returning({ id: sales.id });
  const unopened = await settleUnopenedCardOrders(database, new Date(now - olderThanMs));
  return interrupted.length + abandoned.length + notSent.length + unopened;
}

/**
 * Card sales whose order was claimed (card_orders row) before `claimedBefore` and never got
 * its payment page: the request opening it died between the claim and the core service's
 * answer (a kill, a crash). Opening an order takes at most one upstream call, so an older
 * claim has no one left to finish it. The sale fails (nothing paid, nothing sold), the order
 * is closed (the follower never asks about it; a late save is refused, see saveOpenedOrder),
 * and the `sale_settled` event says so.
 */
async function settleUnopenedCardOrders(database: Db, claimedBefore: Date): Promise<number> {
  const now = new Date();
  const failed = await database
    .update(sales)
    .set({
      status: "failed",
      error: { kind: "card_order_failed", message: UNOPENED_CARD_MESSAGE },
      settledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(sales.status, "pending"),
        eq(sales.method, "card"),
        eq(sales.attempts, 0),
        sql`exists (select 1 from card_orders where card_orders.sale_id = ${sales.id} and card_orders.payment_page_url is null and card_orders.created_at < ${claimedBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: sales.id, kind: sales.kind, amountCents: sales.amountCents });
  if (failed.length === 0) return 0;
  await database
    .update(cardOrders)
    .set({ status: "cancelled", final: true, nextCheckAt: null })
    .where(
      inArray(
        cardOrders.saleId,
        failed.map((s) => s.id),
      ),
    );
  await database.insert(auditEvents).values(
    failed.map((s) => ({
      username: "sweep",
      role: "system",
      kind: "sale_settled",
      subject: s.id,
      detail: {
        kind: s.kind,
        status: "failed",
        amountCents: s.amountCents,
        reason: "card_order_not_opened",
      },
    })),
  );
  return failed.length;
}
