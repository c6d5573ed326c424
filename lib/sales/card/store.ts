import "server-only";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db } from "@/lib/db";
import { cardOrders, sales, type CardOrder, type OrderStatus, type Sale } from "@/lib/db/schema";
import { FOLLOW_LEASE_MS, TILL_PRESENT_MS } from "./schedule";

/** The card_orders side of the journal: one row per sale paid by card. */

export async function findCardOrder(saleId: string): Promise<CardOrder | undefined> {
  const database = await db();
  const [row] = await database
    .select()
    .from(cardOrders)
    .where(eq(cardOrders.saleId, saleId))
    .limit(1);
  return row;
}

/** Take the right to open the order: the first caller inserts the row, any other gets undefined. */
export async function claimCardOrder(
  saleId: string,
  amountCents: number,
): Promise<CardOrder | undefined> {
  const database = await db();
  const [row] = await database
    .insert(cardOrders)
    .values({ saleId, amountCents, nextCheckAt: new Date(Date.now() + FOLLOW_LEASE_MS) })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function saveOpenedOrder(
  saleId: string,
  upstreamOrderId: string,
  paymentPageUrl: string,
  nextCheckAt: Date,
  tillSeenAt: Date | null = null,
): Promise<CardOrder> {
  const database = await db();
  const [row] = await database
    .update(cardOrders)
    .set({ upstreamOrderId, paymentPageUrl, nextCheckAt, ...(tillSeenAt ? { tillSeenAt } : {}) })
    // Closed meanwhile (the sweep took the claim for dead): no payment page for a settled sale.
    .where(and(eq(cardOrders.saleId, saleId), eq(cardOrders.final, false)))
    .returning();
  if (!row) throw new Error(`no open card order for sale ${saleId}`);
  return row;
}

/**
 * Every status check counts, with what it said (or `unreached` left as the last known status).
 * `schedule`: a till asking (it is still on the sale, and the follower waits a full step
 * behind it), or the follower's next check.
 */
export async function recordCheck(
  saleId: string,
  status: OrderStatus | null,
  now: Date,
  schedule: { tillSeen?: boolean; nextCheckAt?: Date } = {},
): Promise<CardOrder> {
  const database = await db();
  const [row] = await database
    .update(cardOrders)
    .set({
      checks: sql`${cardOrders.checks} + 1`,
      checkedAt: now,
      ...(schedule.tillSeen ? { tillSeenAt: now } : {}),
      ...(schedule.nextCheckAt
        ? {
            nextCheckAt: sql`case when ${cardOrders.final} then null else ${schedule.nextCheckAt.toISOString()}::timestamptz end`,
          }
        : {}),
      ...(status ? { status } : {}),
      ...(status === "PAID"
        ? { paidAt: sql`coalesce(${cardOrders.paidAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(cardOrders.saleId, saleId))
    .returning();
  if (!row) throw new Error(`no card order for sale ${saleId}`);
  return row;
}

export async function setOrderStatus(saleId: string, status: OrderStatus): Promise<void> {
  const database = await db();
  await database.update(cardOrders).set({ status }).where(eq(cardOrders.saleId, saleId));
}

export async function markNeedsRefund(saleId: string): Promise<void> {
  const database = await db();
  await database.update(cardOrders).set({ needsRefund: true }).where(eq(cardOrders.saleId, saleId));
}

/**
 * Settle a card sale that was never sent upstream: failed (not paid) or unknown (payment
 * not verified). Unlike settleSale it also requires attempts = 0, so that it can never
 * overwrite a sale that a PAID check has just handed to sendSale.
 */
export async function settleUnsent(
  saleId: string,
  status: "failed" | "unknown",
  error: { kind: string; message: string },
): Promise<Sale | undefined> {
  const database = await db();
  const now = new Date();
  const [row] = await database
    .update(sales)
    .set({ status, error, settledAt: status === "failed" ? now : null, updatedAt: now })
    .where(and(eq(sales.id, saleId), eq(sales.status, "pending"), eq(sales.attempts, 0)))
    .returning();
  return row;
}

/** A sale left unknown because its payment was not verified, now known not paid: it fails. */
export async function settleUnverifiedUnsent(
  saleId: string,
  message: string,
): Promise<Sale | undefined> {
  const database = await db();
  const now = new Date();
  const [row] = await database
    .update(sales)
    .set({
      status: "failed",
      error: { kind: "card_not_paid", message },
      settledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(sales.id, saleId),
        eq(sales.status, "unknown"),
        eq(sales.attempts, 0),
        isNull(sales.resolvedAt),
        sql`${sales.error}->>'kind' = 'card_unverified'`,
      ),
    )
    .returning();
  return row;
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

/** Nobody asks about this order again: PAID handled, FAILED, or unpaid at the end of its day. */
export async function markFinal(saleId: string): Promise<void> {
  const database = await db();
  await database
    .update(cardOrders)
    .set({ final: true, nextCheckAt: null })
    .where(eq(cardOrders.saleId, saleId));
}

/**
 * The follower's claim: the orders due now, each pushed a lease ahead in the same statement,
 * so that another instance (or the next tick) never asks about one at the same time.
 * FOR UPDATE SKIP LOCKED lets several instances claim side by side on PostgreSQL.
 */
export async function claimDueOrders(now: Date, limit: number): Promise<CardOrder[]> {
  const database = await db();
  const lease = new Date(now.getTime() + FOLLOW_LEASE_MS);
  const due = sql`select ${cardOrders.saleId} from ${cardOrders}
    where ${cardOrders.final} = false and ${cardOrders.nextCheckAt} <= ${now.toISOString()}::timestamptz
      and ${cardOrders.paymentPageUrl} is not null
    order by ${cardOrders.nextCheckAt} limit ${limit} for update skip locked`;
  return database
    .update(cardOrders)
    .set({ nextCheckAt: lease })
    .where(sql`${cardOrders.saleId} in (${due})`)
    .returning();
}

export const PAID_NOT_DELIVERED_MESSAGE =
  "Paid by card after the till stopped waiting: not delivered. A supervisor delivers it or refunds the customer.";
export const PAID_NOT_DELIVERED_KIND = "card_paid_not_delivered";

/**
 * A PAID that came after the till stopped waiting: the customer paid and got nothing. The
 * sale (never sent: attempts 0) becomes unknown, "paid, not delivered", for a supervisor.
 * Atomic against a till's PAID releasing it at the same moment: only one of the two
 * finds attempts = 0.
 *
 * A sale a supervisor already failed by hand (while the payment was still open) is reopened
 * too: its customer has paid since, and the money is owed. Only a late payment already
 * delivered or refunded (late_outcome) stays closed. The hand resolution stays in the audit.
 */
export async function markPaidNotDelivered(saleId: string, now: Date): Promise<Sale | undefined> {
  return updateSaleAndOrder(
    {
      status: "unknown",
      error: { kind: PAID_NOT_DELIVERED_KIND, message: PAID_NOT_DELIVERED_MESSAGE },
      settledAt: null,
      updatedAt: now,
      resolvedBy: null,
      resolvedAt: null,
      resolutionNote: null,
    },
    and(
      eq(sales.id, saleId),
      eq(sales.attempts, 0),
      or(
        and(inArray(sales.status, ["pending", "failed", "unknown"]), isNull(sales.resolvedAt)),
        and(
          eq(sales.status, "failed"),
          sql`not exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.lateOutcome} is not null)`,
        ),
      ),
    ),
    {
      paidNotDeliveredAt: sql`coalesce(${cardOrders.paidNotDeliveredAt}, ${now.toISOString()}::timestamptz)`,
    },
  );
}

/**
 * Update a sale and, only if it changed, its card order: one statement, so the two never
 * disagree when the process stops between them.
 */
async function updateSaleAndOrder(
  saleSet: PgUpdateSetSource<typeof sales>,
  where: SQL | undefined,
  orderSet: PgUpdateSetSource<typeof cardOrders>,
): Promise<Sale | undefined> {
  const database = await db();
  const changed = database
    .$with("changed_sale")
    .as(database.update(sales).set(saleSet).where(where).returning());
  const order = database.$with("changed_order").as(
    database
      .update(cardOrders)
      .set(orderSet)
      .where(sql`${cardOrders.saleId} in (select ${changed.id} from ${changed})`)
      .returning({ saleId: cardOrders.saleId }),
  );
  const [row] = await database.with(changed, order).select().from(changed);
  return row;
}

/** For report queries joining card_orders to sales: this sale is paid, not delivered (money owed). */
export const paidNotDeliveredSql = sql<boolean>`coalesce(${cardOrders.paidNotDeliveredAt} is not null and ${cardOrders.lateOutcome} is null and ${sales.status} = 'unknown' and ${sales.attempts} = 0, false)`;

/** A paid-not-delivered sale nobody has delivered or refunded yet: what Deliver and Refund both claim. */
function awaitingDelivery(saleId: string) {
  return and(
    eq(sales.id, saleId),
    eq(sales.status, "unknown"),
    eq(sales.attempts, 0),
    isNull(sales.resolvedAt),
    sql`${sales.error}->>'kind' = ${PAID_NOT_DELIVERED_KIND}`,
  );
}

/**
 * The supervisor's Deliver: the paid-not-delivered sale goes back to pending (attempts 0)
 * so that the one send path (sendSale, under the sale's own key) takes it. Only one caller wins.
 */
export async function reopenForDelivery(saleId: string): Promise<Sale | undefined> {
  return updateSaleAndOrder(
    { status: "pending", error: null, updatedAt: new Date() },
    awaitingDelivery(saleId),
    { lateOutcome: "delivered" },
  );
}

/** The supervisor refunded the customer outside Kassa: the sale fails, with their reason. */
export async function recordRefundedOutside(
  saleId: string,
  userId: string,
  reason: string,
): Promise<Sale | undefined> {
  const now = new Date();
  return updateSaleAndOrder(
    {
      status: "failed",
      settledAt: now,
      updatedAt: now,
      resolvedBy: userId,
      resolvedAt: now,
      resolutionNote: `Refunded outside Kassa: ${reason}`,
    },
    awaitingDelivery(saleId),
    { lateOutcome: "refunded" },
  );
}

/** Paid-not-delivered sales still waiting for a supervisor, newest first; one cashier's only, if named. */
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
        sql`${cardOrders.paidNotDeliveredAt} is not null`,
        isNull(cardOrders.lateOutcome),
        eq(sales.status, "unknown"),
        eq(sales.attempts, 0),
        ...(userId ? [eq(sales.userId, userId)] : []),
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
