import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { cardOrders, sales, type RawAnswer, type Sale, type SaleError } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { recordCommission } from "@/lib/commission/record";
import { outsideRoundTripCounts } from "@/lib/db/round-trips";
import { log } from "@/lib/log";
import { changeWithEvents, rowOf } from "./statement";
import { SALE_TRANSITIONS, type SaleTransition } from "./table";

/**
 * The one writer of a sale's state (`status`, `error`, `attempts`, the resolution, `result`,
 * `settled_at`): each change is a named transition of ./table.ts, checked against its
 * from-state in the UPDATE's WHERE, written with its audit event in one statement.
 * Not server-only: start-up (the spool's intake, the sweep) uses it with its own `Db`.
 */

/** What each transition needs from its caller, beyond who and why. */
export interface SaleArgs {
  sale_claimed: object;
  sale_retried: object;
  sale_resent: object;
  sale_completed: { result: unknown; rawAnswers: RawAnswer[] };
  sale_failed: { error: SaleError; rawAnswers: RawAnswer[] };
  sale_unknown: { error: SaleError; rawAnswers: RawAnswer[] };
  sale_interrupted: { message: string };
  sale_not_sent: { message: string };
  card_sale_not_started: { message: string };
  card_sale_unverified: { message: string };
  card_sale_not_paid: { message: string };
  card_sale_unverified_not_paid: { message: string };
  card_sale_paid_not_delivered: { message: string };
  card_sale_cancelled_at_till: { message: string };
  card_sale_paid_after_cancel: { message: string };
  card_sale_delivered_at_till: object;
  card_sale_owed_back: { message: string };
  card_sale_delivering: object;
  card_sale_refunded_outside: { by: string; note: string };
  sale_resolved_completed: { by: string; note: string };
  sale_resolved_failed: { by: string; note: string };
  sale_resolved_by_retry: { by: string; note: string };
}
/** Every transition but the insert: SaleArgs must name each (the compiler checks SETS). */
export type SaleMove = Exclude<SaleTransition, "sale_recorded">;

type SaleSet = PgUpdateSetSource<typeof sales>;
type OrderSet = PgUpdateSetSource<typeof cardOrders>;

const attempts0 = sql`${sales.attempts} = 0`;
const sent = sql`${sales.attempts} > 0`;
const card = eq(sales.method, "card");
const open = sql`${sales.resolvedAt} is null`;
const errorKindIs = (kind: SaleError["kind"]) => sql`${sales.error}->>'kind' = ${kind}`;
/** A card sale its till cancelled: a payment made since is "paid after cancel", never merely "paid, not delivered". */
const cancelledAtTill = sql`coalesce(${sales.error}->>'kind' in ('card_cancelled_at_till', 'card_paid_after_cancel'), false)`;
const lateOutcomeRecorded = sql`exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.lateOutcome} is not null)`;
/**
 * "Paid, not delivered", defined once: a card sale paid after its till stopped waiting
 * (card_sale_paid_not_delivered, or card_sale_paid_after_cancel when the till had cancelled
 * it) that nobody has delivered or refunded yet. What Deliver and Refund both claim, what the
 * office lists, and what the reports count as money owed.
 */
export const paidNotDeliveredSql = sql<boolean>`coalesce(${sales.status} = 'unknown' and ${attempts0} and ${open} and ${sales.error}->>'kind' in ('card_paid_not_delivered', 'card_paid_after_cancel'), false)`;
/** Paid after its till cancelled, and neither delivered nor owed back yet: what the till that cancelled is told. */
const paidAfterCancel = and(
  attempts0,
  card,
  open,
  errorKindIs("card_paid_after_cancel"),
  sql`${sales.status} = 'unknown'`,
);
/** An answer of the core service settles a sale still pending, or one made unknown meanwhile and not resolved. */
const settleable = and(sent, sql`(${sales.status} = 'pending' or ${open})`);
const resolvable = and(
  open,
  sql`(${sales.status} = 'unknown' or exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.needsRefund}))`,
);

/** The state each transition also needs, beyond its from-statuses (the sub-states). */
const GUARDS: Record<SaleMove, SQL | undefined> = {
  sale_claimed: attempts0,
  sale_retried: sent,
  sale_resent: sent,
  sale_completed: settleable,
  sale_failed: settleable,
  sale_unknown: settleable,
  sale_interrupted: sent,
  sale_not_sent: and(attempts0, eq(sales.method, "cash")),
  card_sale_not_started: and(attempts0, card),
  card_sale_unverified: and(attempts0, card),
  card_sale_not_paid: and(attempts0, card),
  card_sale_unverified_not_paid: and(attempts0, card, open, errorKindIs("card_unverified")),
  // A sale a supervisor failed by hand while the payment was open is reopened: its customer
  // has paid since. Only a late payment already delivered or refunded stays closed.
  card_sale_paid_not_delivered: and(
    attempts0,
    card,
    sql`(${open} or (${sales.status} = 'failed' and not ${lateOutcomeRecorded}))`,
    sql`not ${cancelledAtTill}`,
  ),
  card_sale_cancelled_at_till: and(attempts0, card),
  card_sale_paid_after_cancel: and(attempts0, card, open, errorKindIs("card_cancelled_at_till")),
  card_sale_delivered_at_till: paidAfterCancel,
  card_sale_owed_back: paidAfterCancel,
  card_sale_delivering: paidNotDeliveredSql,
  card_sale_refunded_outside: paidNotDeliveredSql,
  sale_resolved_completed: resolvable,
  sale_resolved_failed: resolvable,
  sale_resolved_by_retry: open,
};

const appended = (answers: RawAnswer[]) =>
  sql`coalesce(${sales.rawAnswers}, '[]'::jsonb) || ${JSON.stringify(answers)}::jsonb`;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** What each transition writes, besides the status its table entry names. */
const SETS: { [K in SaleMove]: (args: SaleArgs[K], now: Date) => SaleSet } = {
  sale_claimed: () => ({ attempts: sql`${sales.attempts} + 1` }),
  sale_retried: () => ({ attempts: sql`${sales.attempts} + 1` }),
  sale_resent: () => ({ attempts: sql`${sales.attempts} + 1` }),
  sale_completed: (a, now) => ({
    result: a.result,
    error: null,
    settledAt: now,
    rawAnswers: appended(a.rawAnswers),
  }),
  sale_failed: (a, now) => ({ error: a.error, settledAt: now, rawAnswers: appended(a.rawAnswers) }),
  sale_unknown: (a) => ({ error: a.error, settledAt: null, rawAnswers: appended(a.rawAnswers) }),
  sale_interrupted: (a) => ({ error: { kind: "interrupted", message: a.message } }),
  sale_not_sent: (a, now) => ({ error: { kind: "not_sent", message: a.message }, settledAt: now }),
  card_sale_not_started: (a, now) => ({
    error: { kind: "card_order_failed", message: a.message },
    settledAt: now,
  }),
  card_sale_unverified: (a) => ({
    error: { kind: "card_unverified", message: a.message },
    settledAt: null,
  }),
  card_sale_not_paid: (a, now) => notPaid(a.message, now),
  card_sale_unverified_not_paid: (a, now) => notPaid(a.message, now),
  card_sale_paid_not_delivered: (a) => ({
    error: { kind: "card_paid_not_delivered", message: a.message },
    settledAt: null,
    resolvedBy: null,
    resolvedAt: null,
    resolutionNote: null,
  }),
  card_sale_cancelled_at_till: (a, now) => ({
    error: { kind: "card_cancelled_at_till", message: a.message },
    settledAt: now,
  }),
  card_sale_paid_after_cancel: (a) => ({
    error: { kind: "card_paid_after_cancel", message: a.message },
    settledAt: null,
  }),
  card_sale_delivered_at_till: () => ({ error: null }),
  card_sale_owed_back: (a, now) => ({
    error: { kind: "card_paid_after_cancel", message: a.message },
    settledAt: now,
  }),
  card_sale_delivering: () => ({ error: null }),
  card_sale_refunded_outside: (a, now) => ({
    settledAt: now,
    resolvedBy: a.by,
    resolvedAt: now,
    resolutionNote: a.note,
  }),
  sale_resolved_completed: (a, now) => resolution(a, now),
  sale_resolved_failed: (a, now) => resolution(a, now),
  sale_resolved_by_retry: (a, now) => ({
    resolvedBy: a.by,
    resolvedAt: now,
    resolutionNote: a.note,
  }),
};

function notPaid(message: string, now: Date): SaleSet {
  return { error: { kind: "card_not_paid", message }, settledAt: now };
}

function resolution(a: { by: string; note: string }, now: Date): SaleSet {
  return {
    resolvedBy: a.by,
    resolvedAt: now,
    resolutionNote: a.note,
    settledAt: sql`coalesce(${sales.settledAt}, ${at(now)})`,
  };
}

/** The card order's side of the transitions that change both, in the same statement. */
type WithOrder = {
  [K in SaleMove]: (typeof SALE_TRANSITIONS)[K] extends { order: string } ? K : never;
}[SaleMove];
const ORDER_SIDE: Record<WithOrder, (now: Date) => { set: OrderSet; where?: SQL }> = {
  card_sale_not_started: () => ({ set: { status: "cancelled", final: true, nextCheckAt: null } }),
  card_sale_paid_not_delivered: (now) => ({
    set: { paidNotDeliveredAt: sql`coalesce(${cardOrders.paidNotDeliveredAt}, ${at(now)})` },
  }),
  // The order is still followed: the customer's phone may still pay. A PAID the follower
  // recorded a moment earlier stays PAID (settlePaid then makes the sale paid after cancel).
  card_sale_cancelled_at_till: () => ({
    set: {
      status: sql`case when ${cardOrders.status} = 'PAID' then ${cardOrders.status} else 'cancelled' end`,
    },
  }),
  card_sale_paid_after_cancel: (now) => ({
    set: { paidNotDeliveredAt: sql`coalesce(${cardOrders.paidNotDeliveredAt}, ${at(now)})` },
  }),
  card_sale_delivered_at_till: () => ({ set: { lateOutcome: "delivered" } }),
  card_sale_owed_back: () => ({ set: { needsRefund: true } }),
  card_sale_delivering: () => ({ set: { lateOutcome: "delivered" } }),
  card_sale_refunded_outside: () => ({ set: { lateOutcome: "refunded" } }),
  // Failed by hand after the customer's card was charged: nothing was delivered, so the
  // payment goes on the refund list.
  sale_resolved_failed: () => ({
    set: { needsRefund: true },
    where: sql`${cardOrders.paidAt} is not null and not ${cardOrders.needsRefund} and ${cardOrders.saleId} in (select id from changed where method = 'card')`,
  }),
};

export interface MoveOptions<K extends SaleMove> {
  actor: Actor;
  args: SaleArgs[K];
  /** Said in the audit event, with the transition's name and the state it left. */
  detail?: Record<string, unknown>;
  /** Conditions that are not the sale's state: the sweep's age, the attempts seen, the kinds the core service repeats. */
  also?: SQL;
}

/**
 * Moves the sales `which` selects through `transition`, if they are in a state it starts
 * from. Returns the rows it moved (none: the state was not one it starts from; nothing written).
 */
export async function moveSales<K extends SaleMove>(
  database: Db,
  transition: K,
  which: SQL,
  options: MoveOptions<K>,
): Promise<Sale[]> {
  const spec = SALE_TRANSITIONS[transition];
  const now = new Date();
  const set: SaleSet = {
    ...SETS[transition](options.args, now),
    ...(spec.to === "unchanged" ? {} : { status: spec.to }),
    updatedAt: now,
  };
  const change = database
    .update(sales)
    .set(set)
    .where(and(which, inArray(sales.status, [...spec.from]), GUARDS[transition], options.also))
    .returning();
  const side = transition in ORDER_SIDE ? ORDER_SIDE[transition as WithOrder](now) : undefined;
  const order = side
    ? database
        .update(cardOrders)
        .set(side.set)
        .where(and(sql`${cardOrders.saleId} in (select id from changed)`, side.where))
        .returning()
    : undefined;
  const rows = await changeWithEvents(
    database,
    { sale: change, order },
    {
      transition,
      audit: spec.audit,
      orderAudit: "order" in spec ? spec.order : undefined,
      actor: options.actor,
      detail: options.detail ?? {},
    },
    "changed",
  );
  const moved = rows.map((row) => rowOf<Sale>(sales, row));
  for (const sale of moved) if (sale.status === "completed") keepCommissionAside(database, sale.id);
  return moved;
}

/**
 * The commission of a sale that has just completed, written beside it after the change: the
 * cashier never waits for it and it is not one of the vend's round trips. A write that does
 * not happen (the process stops, the journal blinks) is made by the catch-up pass
 * (lib/commission/catch-up.ts).
 */
function keepCommissionAside(database: Db, saleId: string): void {
  void outsideRoundTripCounts(() =>
    recordCommission(database, saleId).catch((error: unknown) =>
      log().warn(
        { saleId, err: error instanceof Error ? error.message : String(error) },
        "commission left for the catch-up pass",
      ),
    ),
  );
}

/** One sale through `transition`: the sale as it was left, or undefined when it did not move. */
export async function moveSale<K extends SaleMove>(
  database: Db,
  transition: K,
  saleId: string,
  options: MoveOptions<K>,
): Promise<Sale | undefined> {
  const [row] = await moveSales(database, transition, eq(sales.id, saleId), options);
  return row;
}

/**
 * `sale_recorded`: the pending row and its audit event, in one statement. Undefined when a
 * row with the same idempotency key exists (the database's unique index decides).
 */
export async function insertSale(
  database: Db,
  values: Omit<typeof sales.$inferInsert, "status">,
  event: { actor: Actor; detail: Record<string, unknown> },
): Promise<Sale | undefined> {
  const insert = database
    .insert(sales)
    .values({ ...values, status: "pending" })
    .onConflictDoNothing({ target: sales.idempotencyKey })
    .returning();
  const [row] = await changeWithEvents(
    database,
    { sale: insert },
    { transition: "sale_recorded", audit: "sale_recorded", ...event },
    "changed",
  );
  return row ? rowOf<Sale>(sales, row) : undefined;
}

/** What a send (or its spooled answer) came to: the core service's answer, or none. */
export type Outcome =
  { status: "completed"; result: unknown } | { status: "failed" | "unknown"; error: SaleError };

/**
 * Settles a sent sale with the outcome of its call and the raw answers of its attempts:
 * `sale_completed`, `sale_failed` or `sale_unknown`. Undefined when it was settled already
 * (a settled sale is never settled again) or resolved.
 */
export function settleSent(
  database: Db,
  saleId: string,
  outcome: Outcome,
  rawAnswers: RawAnswer[],
  event: { actor: Actor; detail?: Record<string, unknown> },
): Promise<Sale | undefined> {
  switch (outcome.status) {
    case "completed":
      return moveSale(database, "sale_completed", saleId, {
        ...event,
        args: { result: outcome.result, rawAnswers },
      });
    case "failed":
      return moveSale(database, "sale_failed", saleId, {
        ...event,
        args: { error: outcome.error, rawAnswers },
      });
    case "unknown":
      return moveSale(database, "sale_unknown", saleId, {
        ...event,
        args: { error: outcome.error, rawAnswers },
      });
  }
}
