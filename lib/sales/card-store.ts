import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales, type CardOrder, type OrderStatus, type Sale } from "@/lib/db/schema";

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
    .values({ saleId, amountCents })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function saveOpenedOrder(
  saleId: string,
  upstreamOrderId: string,
  paymentPageUrl: string,
): Promise<CardOrder> {
  const database = await db();
  const [row] = await database
    .update(cardOrders)
    .set({ upstreamOrderId, paymentPageUrl })
    .where(eq(cardOrders.saleId, saleId))
    .returning();
  if (!row) throw new Error(`no card order for sale ${saleId}`);
  return row;
}

/** Every status check counts, with what it said (or `unreached` left as the last known status). */
export async function recordCheck(
  saleId: string,
  status: OrderStatus | null,
  now: Date,
): Promise<CardOrder> {
  const database = await db();
  const [row] = await database
    .update(cardOrders)
    .set({
      checks: sql`${cardOrders.checks} + 1`,
      checkedAt: now,
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
