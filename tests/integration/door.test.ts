import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { OpenDb } from "@/lib/db/open";
import {
  auditEvents,
  cardOrders,
  SALE_STATUSES,
  sales,
  tills,
  users,
  type OrderStatus,
  type SaleStatus,
} from "@/lib/db/schema";
import {
  insertOrder,
  insertSale,
  moveOrder,
  moveSale,
  ORDER_TRANSITIONS,
  SALE_TRANSITIONS,
} from "@/lib/sales/door";
import type { SaleArgs, SaleMove } from "@/lib/sales/door/sale";
import { saleStateSql } from "@/lib/record/state";
import { journalTargets } from "./journal-targets";

/**
 * The one door for a sale's life (lib/sales/door): a transition moves a row only from a
 * state it names, and writes the change and its audit event (with the state it left) in one
 * statement; from any other state it writes nothing at all, not even the event.
 */
const actor = { username: "door-test", role: "system" };

/** Arguments each transition needs; the values do not matter to the from-state check. */
const ARGS: { [K in SaleMove]: SaleArgs[K] } = {
  sale_claimed: {},
  sale_retried: {},
  sale_resent: {},
  sale_completed: { result: { ok: true }, rawAnswers: [] },
  sale_failed: { error: { kind: "rejected", message: "no" }, rawAnswers: [] },
  sale_unknown: { error: { kind: "timeout", message: "lost" }, rawAnswers: [] },
  sale_interrupted: { message: "stopped" },
  sale_not_sent: { message: "never sent" },
  card_sale_not_started: { message: "not started" },
  card_sale_unverified: { message: "unverified" },
  card_sale_not_paid: { message: "not paid" },
  card_sale_unverified_not_paid: { message: "not paid" },
  card_sale_paid_not_delivered: { message: "paid, not delivered" },
  card_sale_cancelled_at_till: { message: "cancelled at the till" },
  card_sale_paid_after_cancel: { message: "paid after cancel" },
  card_sale_delivered_at_till: {},
  card_sale_owed_back: { message: "owed back" },
  card_sale_delivering: {},
  card_sale_refunded_outside: { by: "", note: "refunded" },
  sale_resolved_completed: { by: "", note: "resolved" },
  sale_resolved_failed: { by: "", note: "resolved" },
  sale_resolved_by_retry: { by: "", note: "resolved" },
};

describe.each(journalTargets("door"))("the door on $name", ({ open }) => {
  let opened: { db: OpenDb; drop: () => Promise<void> };
  let userId: string;
  const db = () => opened.db.db;

  beforeAll(async () => {
    opened = await open();
    const [user] = await db()
      .insert(users)
      .values({
        username: `door-${randomUUID()}`,
        displayName: "Door",
        role: "supervisor",
        passwordHash: "x",
      })
      .returning();
    userId = user!.id;
    await db()
      .insert(tills)
      .values({ id: "door-till", name: "Door", kind: "counter" })
      .onConflictDoNothing();
    for (const k of Object.keys(ARGS) as SaleMove[]) {
      const args = ARGS[k] as { by?: string };
      if ("by" in args) args.by = userId;
    }
  });
  afterAll(async () => {
    await opened.drop();
  });

  /** A card sale in `status`, with the sub-state that transition's guards ask for, and its order. */
  async function saleIn(status: SaleStatus, transition: SaleMove) {
    const sent = [
      "sale_retried",
      "sale_resent",
      "sale_completed",
      "sale_failed",
      "sale_unknown",
      "sale_interrupted",
    ].includes(transition);
    const errorKind =
      transition === "card_sale_unverified_not_paid"
        ? "card_unverified"
        : transition === "card_sale_delivering" || transition === "card_sale_refunded_outside"
          ? "card_paid_not_delivered"
          : transition === "card_sale_paid_after_cancel"
            ? "card_cancelled_at_till"
            : transition === "card_sale_delivered_at_till" || transition === "card_sale_owed_back"
              ? "card_paid_after_cancel"
              : "timeout";
    const method = transition === "sale_not_sent" ? "cash" : "card";
    const sale = await insertSale(
      db(),
      {
        idempotencyKey: randomUUID(),
        kind: "electricity",
        method,
        amountCents: 1000,
        reference: "01000000001",
        request: {},
        userId,
        tillId: "door-till",
        shiftId: null,
        attempts: sent ? 1 : 0,
      },
      { actor, detail: {} },
    );
    await db()
      .update(sales)
      .set({ status, error: status === "pending" ? null : { kind: errorKind, message: "x" } })
      .where(eq(sales.id, sale!.id));
    await db()
      .insert(cardOrders)
      .values({ saleId: sale!.id, amountCents: 1000, status: "PAID", paidAt: new Date() });
    return sale!;
  }

  const eventsOf = async (id: string) =>
    (await db().select().from(auditEvents).where(eq(auditEvents.subject, id))).length;
  const rowOf = async (id: string) => (await db().select().from(sales).where(eq(sales.id, id)))[0]!;

  const cases = (Object.keys(ARGS) as SaleMove[]).flatMap((transition) =>
    SALE_STATUSES.filter(
      (s) => !(SALE_TRANSITIONS[transition].from as readonly SaleStatus[]).includes(s),
    ).map((status) => ({ transition, status })),
  );

  it.each(cases)(
    "refuses $transition from $status, writing nothing and no audit event",
    async ({ transition, status }) => {
      const sale = await saleIn(status, transition);
      const before = await rowOf(sale.id);
      const events = await eventsOf(sale.id);
      const moved = await moveSale(db(), transition, sale.id, {
        actor,
        args: ARGS[transition] as never,
      });
      expect(moved).toBeUndefined();
      expect(await rowOf(sale.id)).toEqual(before);
      expect(await eventsOf(sale.id)).toBe(events);
    },
  );

  it.each(Object.keys(ARGS) as SaleMove[])(
    "moves %s from a state it starts from, with one event per row changed",
    async (transition) => {
      const spec = SALE_TRANSITIONS[transition];
      const from = spec.from[0]!;
      const sale = await saleIn(from, transition);
      if (transition.startsWith("sale_resolved_") && from !== "unknown")
        await db()
          .update(cardOrders)
          .set({ needsRefund: true })
          .where(eq(cardOrders.saleId, sale.id));
      const events = await eventsOf(sale.id);
      const moved = await moveSale(db(), transition, sale.id, {
        actor,
        args: ARGS[transition] as never,
        detail: { why: "test" },
      });
      expect(moved).toBeDefined();
      expect(moved!.status).toBe(spec.to === "unchanged" ? from : spec.to);
      const written = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subject, sale.id))
        .orderBy(auditEvents.id);
      const mine = written.slice(events);
      const saleEvent = mine.find((e) => e.detail?.row === "sale")!;
      expect(saleEvent).toMatchObject({ kind: spec.audit, username: "door-test" });
      expect(saleEvent.detail).toMatchObject({
        transition,
        why: "test",
        state: { id: sale.id, status: moved!.status, errorKind: moved!.error?.kind ?? null },
      });
      // The state in the event is the row as it now stands: what the record's verifier recomputes.
      const { rows } = (await db().execute(
        sql`select ${saleStateSql("s")} = (select detail->'state' from ${auditEvents} where id = ${saleEvent.id}) as same
          from ${sales} s where s.id = ${sale.id}`,
      )) as unknown as { rows: { same: boolean }[] };
      expect(rows[0]?.same).toBe(true);
      const orderEvent = mine.find((e) => e.detail?.row === "card_order");
      if ("order" in spec) expect(orderEvent).toMatchObject({ kind: spec.order });
      expect(mine.length).toBe(orderEvent ? 2 : 1);
    },
  );

  it("moves a card order only from the statuses its transition names", async () => {
    const sale = await saleIn("pending", "card_sale_not_paid");
    await db().delete(cardOrders).where(eq(cardOrders.saleId, sale.id));
    const order = await insertOrder(
      db(),
      { saleId: sale.id, amountCents: 1000, nextCheckAt: new Date() },
      actor,
    );
    expect(order).toMatchObject({ status: "created", final: false });
    // A second claim of the same order is refused, with no event.
    const before = await eventsOf(sale.id);
    expect(
      await insertOrder(
        db(),
        { saleId: sale.id, amountCents: 1000, nextCheckAt: new Date() },
        actor,
      ),
    ).toBeUndefined();
    expect(await eventsOf(sale.id)).toBe(before);

    expect(ORDER_TRANSITIONS.card_order_cancelled.from as readonly OrderStatus[]).not.toContain(
      "PAID",
    );
    await moveOrder(db(), "card_status_checked", sale.id, {
      actor,
      args: { status: "PAID", now: new Date() },
    });
    const afterCheck = await eventsOf(sale.id);
    // PAID is not a status a cancel starts from.
    expect(await moveOrder(db(), "card_order_cancelled", sale.id, { actor, args: {} })).toBe(
      undefined,
    );
    expect(await eventsOf(sale.id)).toBe(afterCheck);
    // Closing happens once: the second close finds it final and writes nothing.
    expect(await moveOrder(db(), "card_order_closed", sale.id, { actor, args: {} })).toMatchObject({
      final: true,
    });
    expect(await moveOrder(db(), "card_order_closed", sale.id, { actor, args: {} })).toBe(
      undefined,
    );
    expect(await eventsOf(sale.id)).toBe(afterCheck + 1);
  });
});
