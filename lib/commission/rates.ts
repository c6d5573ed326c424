import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { audit, type Actor } from "@/lib/audit";
import { db } from "@/lib/db";
import { commissionRates, commissionStatements } from "@/lib/db/schema";
import { ActionError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { describeRate, type RateRule } from "./rules";

/** A rate as the office sets it: the rule's terms, from a moment it may leave unset. */
export type NewRate = Pick<
  RateRule,
  "kind" | "municipality" | "productId" | "category" | "basisPoints" | "fixedCents"
> & {
  /** Unset: from now. Never before now: a rate never rewrites what was sold before it. */
  effectiveFrom: Date | null;
};

/** Every rate, newest first, for the office's table (withdrawn ones included, marked). */
export async function listRates() {
  const database = await db();
  return database
    .select()
    .from(commissionRates)
    .orderBy(desc(commissionRates.effectiveFrom), desc(commissionRates.createdAt));
}

/**
 * A supervisor adds a rate; it applies to sales made from its moment on. A moment before now
 * is refused (`now` is the caller's clock: the check is the same for every way in).
 */
export async function addRate(actor: Actor, rate: NewRate, now = new Date()) {
  const effectiveFrom = rate.effectiveFrom ?? now;
  // A minute's grace for the time the form took to send; older is the past.
  if (effectiveFrom.getTime() < now.getTime() - 60_000)
    throw new ActionError("A rate applies from now on: choose a moment that has not passed.");
  const database = await db();
  const [row] = await database
    .insert(commissionRates)
    .values({ ...rate, effectiveFrom, createdBy: actor.userId ?? null })
    .returning();
  await audit(actor, "commission_rate_added", row!.id, {
    kind: rate.kind,
    municipality: rate.municipality,
    productId: rate.productId,
    category: rate.category,
    basisPoints: rate.basisPoints,
    fixedCents: rate.fixedCents,
    rate: describeRate(rate),
    effectiveFrom: effectiveFrom.toISOString(),
  });
  return row!;
}

/** A rate that has not taken effect yet may be withdrawn; one in force is only ever replaced. */
export async function withdrawRate(actor: Actor, id: string, now = new Date()): Promise<boolean> {
  const database = await db();
  const rows = await database
    .update(commissionRates)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(commissionRates.id, id),
        gt(commissionRates.effectiveFrom, now),
        isNull(commissionRates.withdrawnAt),
      ),
    )
    .returning({ id: commissionRates.id });
  if (rows.length === 0) return false;
  await audit(actor, "commission_rate_withdrawn", id, {});
  return true;
}

/** The commission the provider's statement states for a month, as the owner typed it. */
export async function statedCommission(month: string): Promise<Cents | null> {
  const database = await db();
  const [row] = await database
    .select()
    .from(commissionStatements)
    .where(eq(commissionStatements.month, month))
    .limit(1);
  return row?.statedCents ?? null;
}

export async function enterStatement(actor: Actor, month: string, statedCents: Cents) {
  const database = await db();
  const now = new Date();
  await database
    .insert(commissionStatements)
    .values({ month, statedCents, enteredBy: actor.userId ?? null, enteredAt: now })
    .onConflictDoUpdate({
      target: commissionStatements.month,
      set: { statedCents, enteredBy: actor.userId ?? null, enteredAt: now },
    });
  await audit(actor, "commission_statement_entered", month, { statedCents });
}
