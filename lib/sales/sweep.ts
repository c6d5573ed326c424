import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { cardOrders, sales } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { moveSales } from "./door";

const SWEEP: Actor = { username: "sweep", role: "system" };

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
  const stale = lt(sales.updatedAt, new Date(now - olderThanMs));
  const pending = eq(sales.status, "pending");
  const sweep = { actor: SWEEP };
  // Each through the door, with its audit event: the transition's guards (attempts, method)
  // and the sweep's own conditions of age.
  const interrupted = await moveSales(database, "sale_interrupted", and(pending, stale)!, {
    ...sweep,
    args: { message: INTERRUPTED_MESSAGE },
  });
  // A card sale whose payment page nobody ever got (the order was never opened, or its answer
  // was lost when the journal dropped) cannot have been paid: it failed, and its order (if
  // any) is closed in the same statement: the follower never asks about it, and a late save
  // of its page is refused. Without this the cashier's "still being started" never ends.
  const notStarted = await moveSales(
    database,
    "card_sale_not_started",
    and(
      pending,
      stale,
      sql`not exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.paymentPageUrl} is not null)`,
    )!,
    { ...sweep, args: { message: CARD_NOT_STARTED_MESSAGE } },
  );
  const abandoned = await moveSales(
    database,
    "card_sale_unverified",
    and(
      pending,
      lt(sales.createdAt, new Date(now - ABANDONED_CARD_MS)),
      // A paid-not-delivered sale a supervisor is delivering right now is not abandoned.
      sql`not exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.lateOutcome} is not null)`,
    )!,
    { ...sweep, args: { message: ABANDONED_CARD_MESSAGE } },
  );
  const notSent = await moveSales(database, "sale_not_sent", and(pending, stale)!, {
    ...sweep,
    args: { message: NOT_SENT_MESSAGE },
  });
  return interrupted.length + notStarted.length + abandoned.length + notSent.length;
}
