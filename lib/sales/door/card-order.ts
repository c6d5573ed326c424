import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { cardOrders, sales, type CardOrder, type OrderStatus } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { changeWithEvents, rowOf } from "./statement";
import { ORDER_TRANSITIONS, type OrderTransition } from "./table";

/**
 * The one writer of card_orders: each change of its status or flags is a named transition
 * of ./table.ts with its audit event in one statement (./statement.ts). Two stamps are not a
 * change of state and write no event: the follower's lease (when it asks next) and the till's
 * "still waiting" (`till_seen_at`, which decides whether a PAID is delivered at the counter).
 */

/** What each transition needs from its caller. */
export interface OrderArgs {
  card_order_created: {
    upstreamOrderId: string;
    paymentPageUrl: string;
    nextCheckAt: Date;
    /** The till (or the kiosk's checkout) is on the sale from now, or until then. */
    tillSeenAt: Date;
  };
  card_status_checked: {
    /** What the core service said; null when it was not reached (the last known status stays). */
    status: OrderStatus | null;
    now: Date;
    /** A till asking (it is still on the sale): stamped `now`, never earlier than a stamp already there. */
    tillSeen?: boolean;
    /** When the follower asks next (not once the order is final). */
    nextCheckAt?: Date;
  };
  card_order_cancelled: object;
  card_order_closed: object;
  card_refund_owed: object;
}
type OrderMove = Exclude<OrderTransition, "card_order_claimed">;
type OrderSet = PgUpdateSetSource<typeof cardOrders>;

const GUARDS: Record<OrderMove, SQL | undefined> = {
  // Closed meanwhile (the sweep took the claim for dead): no payment page for a settled sale.
  card_order_created: eq(cardOrders.final, false),
  card_status_checked: undefined,
  card_order_cancelled: undefined,
  card_order_closed: eq(cardOrders.final, false),
  card_refund_owed: eq(cardOrders.needsRefund, false),
};

/** `till_seen_at` moved to `now`, never back (a kiosk's window ahead, a later stamp of a shared poll). */
const laterOf = (now: Date) =>
  sql`greatest(coalesce(${cardOrders.tillSeenAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;

const SETS: { [K in OrderMove]: (args: OrderArgs[K]) => OrderSet } = {
  card_order_created: (a) => ({
    upstreamOrderId: a.upstreamOrderId,
    paymentPageUrl: a.paymentPageUrl,
    nextCheckAt: a.nextCheckAt,
    tillSeenAt: a.tillSeenAt,
  }),
  card_status_checked: (a) => ({
    checks: sql`${cardOrders.checks} + 1`,
    checkedAt: a.now,
    ...(a.tillSeen ? { tillSeenAt: laterOf(a.now) } : {}),
    ...(a.nextCheckAt
      ? {
          nextCheckAt: sql`case when ${cardOrders.final} then null else ${a.nextCheckAt.toISOString()}::timestamptz end`,
        }
      : {}),
    ...(a.status ? { status: a.status } : {}),
    ...(a.status === "PAID"
      ? { paidAt: sql`coalesce(${cardOrders.paidAt}, ${a.now.toISOString()}::timestamptz)` }
      : {}),
  }),
  card_order_cancelled: () => ({ status: "cancelled" }),
  card_order_closed: () => ({ final: true, nextCheckAt: null }),
  card_refund_owed: () => ({ needsRefund: true }),
};

/**
 * Moves the sale's card order through `transition` if it is in a state the transition starts
 * from. Returns the order as it was left, or undefined when it did not move (nothing written).
 */
export async function moveOrder<K extends OrderMove>(
  database: Db,
  transition: K,
  saleId: string,
  options: { actor: Actor; args: OrderArgs[K]; detail?: Record<string, unknown> },
): Promise<CardOrder | undefined> {
  const spec = ORDER_TRANSITIONS[transition];
  const change = database
    .update(cardOrders)
    .set(SETS[transition](options.args))
    .where(
      and(
        eq(cardOrders.saleId, saleId),
        inArray(cardOrders.status, [...spec.from]),
        GUARDS[transition],
      ),
    )
    .returning();
  const [row] = await changeWithEvents(
    database,
    { order: change },
    { transition, audit: spec.audit, actor: options.actor, detail: options.detail ?? {} },
    "changed_order",
  );
  return row ? rowOf<CardOrder>(cardOrders, row) : undefined;
}

/**
 * `card_order_claimed`: the right to open the sale's order. The first caller writes the row
 * (status `created`), any other gets undefined.
 */
export async function insertOrder(
  database: Db,
  values: { saleId: string; amountCents: number; nextCheckAt: Date },
  actor: Actor,
): Promise<CardOrder | undefined> {
  const insert = database
    .insert(cardOrders)
    .values({ ...values, status: "created" })
    .onConflictDoNothing()
    .returning();
  const [row] = await changeWithEvents(
    database,
    { order: insert },
    { transition: "card_order_claimed", audit: "card_order_claimed", actor, detail: {} },
    "changed_order",
  );
  return row ? rowOf<CardOrder>(cardOrders, row) : undefined;
}

/**
 * The follower's claim: the orders due now, each pushed a lease ahead in the same statement,
 * so that another instance (or the next tick) never asks about one at the same time.
 * FOR UPDATE SKIP LOCKED lets several instances claim side by side on PostgreSQL. Not a
 * change of state: no audit event.
 */
export async function leaseDueOrders(
  database: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<CardOrder[]> {
  const due = sql`select ${cardOrders.saleId} from ${cardOrders}
    where ${cardOrders.final} = false and ${cardOrders.nextCheckAt} <= ${now.toISOString()}::timestamptz
      and ${cardOrders.paymentPageUrl} is not null
    order by ${cardOrders.nextCheckAt} limit ${limit} for update skip locked`;
  return database
    .update(cardOrders)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
    .where(sql`${cardOrders.saleId} in (${due})`)
    .returning();
}

/**
 * The till is waiting on its card sale right now (a status poll arriving, before anything is
 * asked of the core service): `till_seen_at` moves to `now`. Only the sale's own cashier at its
 * own till stamps it, and only while the sale is waiting (pending, never sent) and its order
 * open. A slow status answer therefore never makes a waiting till look gone: a payment the
 * customer's phone reports meanwhile is still delivered at the counter. Not a change of
 * state: no audit event (the check that follows writes `card_status_checked`).
 */
export async function stampTillWaiting(
  database: Db,
  saleId: string,
  till: { userId: string; tillId: string },
  now: Date,
): Promise<boolean> {
  const rows = await database
    .update(cardOrders)
    .set({ tillSeenAt: laterOf(now) })
    .where(
      and(
        eq(cardOrders.saleId, saleId),
        eq(cardOrders.final, false),
        sql`exists (select 1 from ${sales} where ${sales.id} = ${cardOrders.saleId}
          and ${sales.status} = 'pending' and ${sales.attempts} = 0
          and ${sales.tillId} = ${till.tillId} and ${sales.userId} = ${till.userId}::uuid)`,
      ),
    )
    .returning({ saleId: cardOrders.saleId });
  return rows.length > 0;
}
