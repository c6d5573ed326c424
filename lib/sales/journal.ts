import "server-only";
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { db, type Db } from "@/lib/db";
import {
  auditEvents,
  SALE_KINDS,
  sales,
  shifts,
  type PaymentMethod,
  type RawAnswer,
  type Sale,
  type SaleKind,
} from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { PROCESS_TAG } from "@/lib/db/presence";
import type { Cents } from "@/lib/money";
import { listenForRawAnswers } from "@/lib/upstream";
import { kindOf } from "@/lib/kinds";
import { insertSale, moveSale, rowOf } from "./door";

/** Kinds the core service is idempotent on (the registry's `repeatable`): repeating them under the same key is safe. */
export const IDEMPOTENT_KINDS: readonly SaleKind[] = SALE_KINDS.filter((k) => kindOf(k).repeatable);

export interface NewSale {
  idempotencyKey: string;
  kind: SaleKind;
  method: PaymentMethod;
  amountCents: Cents;
  reference: string;
  request: Record<string, unknown>;
  userId: string;
  tillId: string;
  shiftId: string | null;
  /** What the request was for (lib/sales/fingerprint.ts). */
  fingerprint: string;
}

/**
 * Step 1 of every sale: commit a `pending` row (with its `sale_recorded` audit event, in one
 * statement: the door's insertSale) before anything goes upstream. The same idempotency key
 * (a double click, a resubmit, another instance) returns the row that already exists; the
 * database's unique index decides.
 * `claimed`: the row is written with its first attempt already taken (attempts 1), for a
 * cash sale sent at once: whoever inserts the row is the one caller that sends it, so the
 * separate claim (claimAttempt) would only cost a round trip. A crash between this commit
 * and the call leaves it pending with attempts 1, which the sweep makes unknown, never failed.
 */
export async function recordSale(
  input: NewSale,
  event: { actor: Actor; detail: Record<string, unknown> },
  options: { claimed?: boolean } = {},
): Promise<{ sale: Sale; existing: boolean }> {
  const database = await db();
  const inserted = await insertSale(
    database,
    { ...input, attempts: options.claimed ? 1 : 0 },
    event,
  );
  if (inserted) return { sale: inserted, existing: false };
  const [existing] = await database
    .select()
    .from(sales)
    .where(eq(sales.idempotencyKey, input.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error("sale vanished after an idempotency conflict");
  if (existing.kind !== input.kind || existing.userId !== input.userId) {
    // A key belongs to one form of one cashier; anything else is a bug or an attack, never a sale.
    throw new Error("idempotency key reused for a different sale");
  }
  return { sale: existing, existing: true };
}

export async function findSale(id: string): Promise<Sale | undefined> {
  const database = await db();
  const [row] = await database.select().from(sales).where(eq(sales.id, id)).limit(1);
  return row;
}

export async function findSaleByKey(idempotencyKey: string): Promise<Sale | undefined> {
  const database = await db();
  const [row] = await database
    .select()
    .from(sales)
    .where(eq(sales.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/**
 * Take the right to call the core service for this sale. Only one caller wins: a fresh
 * pending sale (attempts 0: `sale_claimed`), or, for idempotent kinds only, an unknown sale
 * that was sent, retried under its own key (`sale_retried`, naming this process as its
 * sender). Returns the claimed row, or undefined when someone else has it.
 */
export async function claimAttempt(
  saleId: string,
  mode: "first" | "retry",
  actor: Actor,
): Promise<Sale | undefined> {
  const database = await db();
  if (mode === "first") return moveSale(database, "sale_claimed", saleId, { actor, args: {} });
  // Only a sale that was sent (attempts > 0: the transition's guard) can be re-sent: an
  // unknown card sale whose payment was never verified has attempts 0 and must never reach
  // the core service.
  return moveSale(database, "sale_retried", saleId, {
    actor,
    args: {},
    detail: { sender: PROCESS_TAG },
    also: inArray(sales.kind, [...IDEMPOTENT_KINDS]),
  });
}

/**
 * The process that took the latest attempt of a sale, as its `sale_recorded` or
 * `sale_retried` event names it (`detail.sender`); null when no event names one (a card
 * sale sent once its payment was verified, or a row written before senders were named).
 */
export async function senderOf(saleId: string): Promise<string | null> {
  const database = await db();
  const [row] = await database
    .select({ sender: sql<string | null>`${auditEvents.detail}->>'sender'` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subject, saleId),
        inArray(auditEvents.kind, ["sale_recorded", "sale_retried"]),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row?.sender ?? null;
}

/** Whether a server process with this tag still holds a connection to the journal (PostgreSQL). */
export async function isConnected(tag: string): Promise<boolean> {
  const database = await db();
  const result = (await database.execute(
    sql`select exists (select 1 from pg_stat_activity where application_name = ${tag}) as alive`,
  )) as unknown as { rows: { alive: boolean }[] };
  return result.rows[0]?.alive === true;
}

/**
 * Take over a repeatable sale whose sender is gone (pending with an attempt taken by a
 * process that died before it settled): one more attempt, `sale_resent`, naming this process.
 * Only one caller wins (the attempts seen must still be the row's).
 */
export async function claimResend(
  sale: Sale,
  actor: Actor,
  previousSender: string,
): Promise<Sale | undefined> {
  return moveSale(await db(), "sale_resent", sale.id, {
    actor,
    args: {},
    detail: { sender: PROCESS_TAG, previousSender },
    also: and(eq(sales.attempts, sale.attempts), inArray(sales.kind, [...IDEMPOTENT_KINDS])),
  });
}

/**
 * Runs calls made for a sale outside its send (the card order's creation, every payment-status
 * check) and keeps their answers with the sale like a purchase's, whatever the calls' outcome.
 */
export async function keepingRawAnswers<T>(saleId: string, work: () => Promise<T>): Promise<T> {
  const answers: RawAnswer[] = [];
  try {
    return await listenForRawAnswers(answers, work);
  } finally {
    if (answers.length > 0) {
      const database = await db();
      await database
        .update(sales)
        .set({
          rawAnswers: sql`coalesce(${sales.rawAnswers}, '[]'::jsonb) || ${JSON.stringify(answers)}::jsonb`,
        })
        .where(eq(sales.id, saleId));
    }
  }
}

export interface SaleStart {
  /** The till's open shift, if any. */
  shiftId: string | null;
  /** The sale already under this key. */
  existing: Sale | undefined;
  /** The duplicate-sale guard's answer (see recentSameSale), when asked. */
  duplicate: Sale | undefined;
}

/**
 * Everything a sale needs to know before it is checked, in ONE round trip: the cashier's own
 * open shift at the till (a shift belongs to one cashier: a colleague never sells into it), the sale already under the key, and (when `guard` is given) the same sale made
 * moments ago at this till or by this cashier.
 */
export async function readSaleStart(input: {
  tillId: string;
  userId: string;
  idempotencyKey: string;
  guard?: { kind: SaleKind; reference: string; amountCents: Cents; userId: string; since: Date };
}): Promise<SaleStart> {
  const database = await db();
  const g = input.guard;
  const duplicate = g
    ? sql`(select row_to_json(d) from ${sales} d where d.kind = ${g.kind} and d.reference = ${g.reference}
        and d.amount_cents = ${g.amountCents} and d.status in ('pending', 'completed', 'unknown')
        and d.created_at > ${g.since.toISOString()}::timestamptz and (d.till_id = ${input.tillId} or d.user_id = ${g.userId}::uuid)
        order by d.created_at desc limit 1)`
    : sql`null::json`;
  const result = (await database.execute(sql`select
      (select s.id from ${shifts} s where s.till_id = ${input.tillId} and s.user_id = ${input.userId}::uuid and s.closed_at is null limit 1) as shift_id,
      (select row_to_json(x) from ${sales} x where x.idempotency_key = ${input.idempotencyKey}) as existing,
      ${duplicate} as duplicate`)) as unknown as {
    rows: { shift_id: string | null; existing: unknown; duplicate: unknown }[];
  };
  const row = result.rows[0];
  const asSale = (value: unknown) =>
    value
      ? rowOf<Sale>(
          sales,
          typeof value === "string"
            ? (JSON.parse(value) as Record<string, unknown>)
            : (value as Record<string, unknown>),
        )
      : undefined;
  return {
    shiftId: row?.shift_id ?? null,
    existing: asSale(row?.existing),
    duplicate: asSale(row?.duplicate),
  };
}

/**
 * This cashier's sales the till must show first after a reload or in a new tab: completed
 * ones whose slip they have not seen, and unknown ones nobody has resolved, from `since`
 * (not a card payment made after the till cancelled it: the till's card notice shows that,
 * with Deliver now).
 */
export async function unseenSalesOf(userId: string, since: Date): Promise<Sale[]> {
  const database = await db();
  return database
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.userId, userId),
        gt(sales.createdAt, since),
        or(
          and(eq(sales.status, "completed"), isNull(sales.slipSeenAt)),
          and(
            eq(sales.status, "unknown"),
            isNull(sales.resolvedAt),
            sql`coalesce(${sales.error}->>'kind', '') <> 'card_paid_after_cancel'`,
          ),
        ),
      ),
    )
    .orderBy(desc(sales.createdAt))
    .limit(20);
}

/**
 * The one mark that a completed sale's slip reached its own cashier (`viewerId`): set the first
 * time only, and only on the cashier's own completed sale. The slip page sets it as it shows the
 * slip; the till's "put away" sets it when the cashier says the customer needs no slip.
 */
function markSlipSeen(database: Db, id: string, viewerId: string) {
  return database
    .update(sales)
    .set({ slipSeenAt: new Date() })
    .where(
      and(
        eq(sales.id, id),
        eq(sales.userId, viewerId),
        eq(sales.status, "completed"),
        isNull(sales.slipSeenAt),
      ),
    )
    .returning({ id: sales.id });
}

/**
 * The sale a slip page shows, in ONE statement that also records, the first time only, that
 * its own cashier (`viewerId`) has seen the slip of a completed sale. The row is the one
 * before that mark: `slipSeenAt` null says this is the slip's first showing.
 */
export async function findSaleForSlip(id: string, viewerId: string): Promise<Sale | undefined> {
  const database = await db();
  const seen = database.$with("seen").as(markSlipSeen(database, id, viewerId));
  // A data-modifying WITH runs whether or not the select reads it, and the select sees the
  // row as it was before.
  const [row] = await database.with(seen).select().from(sales).where(eq(sales.id, id)).limit(1);
  return row;
}

/**
 * A completed sale's slip put away without being shown (the customer has the token, or the
 * cashier keeps it in History): the same mark as the slip page's. True when this call set it.
 */
export async function putSlipAway(id: string, viewerId: string): Promise<boolean> {
  const database = await db();
  return (await markSlipSeen(database, id, viewerId)).length > 0;
}
