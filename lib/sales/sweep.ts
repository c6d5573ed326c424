import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, cardOrders, sales } from "@/lib/db/schema";

export const INTERRUPTED_MESSAGE =
  "Kassa stopped while this sale was being sent. Not confirmed — do not sell again.";
export const ABANDONED_CARD_MESSAGE =
  "The card payment was left before Kassa verified it. Not confirmed — a supervisor checks the payment.";

export const CARD_NOT_STARTED_MESSAGE =
  "The card payment was never started (Kassa could not open it). Nothing was paid and nothing was sold.";

export const NOT_SENT_MESSAGE =
  "Kassa stopped before this sale was sent. Nothing was sold: sell again if the customer still wants it.";

/** Longer than any card wait (3 minutes) plus its last status check. */
export const ABANDONED_CARD_MS = 10 * 60_000;

/**
 * Sales that were sent upstream (attempts > 0) but never settled: a crash or a kill.
 * Their outcome cannot be known, so they become unknown — never failed, never resent here.
 * Card sales whose payment screen was left (the till closed mid-wait) become unknown too,
 * without being sent: the customer may have paid. The card follower (lib/sales/card/follow.ts) keeps
 * asking about their orders: paid makes them "paid, not delivered", unpaid makes them fail. A cash
 * sale recorded but never claimed (a crash between the two) was never sent: it failed, as does a
 * card sale whose payment page was never opened.
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
  // A card sale whose payment page nobody ever got (the order was never opened, or its answer
  // was lost when the journal dropped) cannot have been paid: it failed, and its order (if any)
  // is no longer followed. Without this the cashier's "still being started" never ends.
  const notStarted = await database
    .update(sales)
    .set({
      status: "failed",
      error: { kind: "card_order_failed", message: CARD_NOT_STARTED_MESSAGE },
      settledAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sales.status, "pending"),
        eq(sales.method, "card"),
        eq(sales.attempts, 0),
        lt(sales.updatedAt, new Date(now - olderThanMs)),
        sql`not exists (select 1 from card_orders where card_orders.sale_id = ${sales.id} and card_orders.payment_page_url is not null)`,
      ),
    )
    .returning({ id: sales.id, kind: sales.kind, amountCents: sales.amountCents });
  if (notStarted.length) {
    // Closed: the follower never asks about it, and a late save of its page is refused.
    await database
      .update(cardOrders)
      .set({ status: "cancelled", final: true, nextCheckAt: null })
      .where(
        inArray(
          cardOrders.saleId,
          notStarted.map((s) => s.id),
        ),
      );
    await noteSettled(database, notStarted, "failed", "card_order_not_opened");
  }
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
  if (abandoned.length) await noteSettled(database, abandoned, "unknown", "card_unverified");
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
  return interrupted.length + notStarted.length + abandoned.length + notSent.length;
}

/** How each swept sale ended, in its audit trail, like every other way a sale ends. */
async function noteSettled(
  database: Db,
  swept: { id: string; kind: string; amountCents: number }[],
  status: "failed" | "unknown",
  reason: string,
): Promise<void> {
  await database.insert(auditEvents).values(
    swept.map((s) => ({
      username: "sweep",
      role: "system",
      kind: "sale_settled",
      subject: s.id,
      detail: { kind: s.kind, status, amountCents: s.amountCents, reason },
    })),
  );
}
