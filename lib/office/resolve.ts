import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { findSale, IDEMPOTENT_KINDS } from "@/lib/sales/journal";
import { sendSale } from "@/lib/sales/send";
import { recheckBeforeResolving } from "@/lib/sales/card";

/**
 * The supervisor settles a sale by hand with a written reason: completed (the customer got
 * it) or failed (nothing delivered; money handed back). Only an unknown sale, or a paid card
 * order not delivered, and only once.
 */
export async function resolveSale(
  staff: Staff,
  saleId: string,
  outcome: "completed" | "failed",
  reason: string,
) {
  // A card sale is never failed by hand while its customer has in fact paid: ask first.
  const card = await recheckBeforeResolving(saleId, actorOf(staff));
  if (card === "paid")
    throw new ActionError(
      "The customer has paid this card sale since: it is now listed as paid, not delivered. Deliver it or refund them.",
    );
  if (card === "settled")
    throw new ActionError(
      "The core service says this card payment was declined: the sale is settled as not paid.",
    );
  const database = await db();
  const now = new Date();
  const refundable = sql`exists (select 1 from ${cardOrders} where ${cardOrders.saleId} = ${sales.id} and ${cardOrders.needsRefund})`;
  const [row] = await database
    .update(sales)
    .set({
      status: outcome,
      resolvedBy: staff.userId,
      resolvedAt: now,
      resolutionNote: reason,
      settledAt: sql`coalesce(${sales.settledAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(sales.id, saleId),
        isNull(sales.resolvedAt),
        or(eq(sales.status, "unknown"), refundable),
      ),
    )
    .returning();
  if (!row)
    throw new ActionError(
      "This sale is not waiting for a resolution (someone may have resolved it already).",
    );
  await audit(actorOf(staff), "sale_resolved", saleId, {
    outcome,
    reason,
    supervisor: staff.name,
    how: "by_hand",
    amountCents: row.amountCents,
  });
  return { saleId, status: row.status };
}

/**
 * The supervisor's retry, from the office: any till's unknown electricity or bill sale, sent
 * again under its own key; a final answer resolves it in the supervisor's name, and a card
 * sale refused now is listed as a refund. The cashier's own retry is retryOwnSale.
 */
export async function retryToResolve(staff: Staff, saleId: string) {
  const sale = await findSale(saleId);
  if (!sale || sale.status !== "unknown" || !IDEMPOTENT_KINDS.includes(sale.kind)) {
    throw new ActionError("Only an unconfirmed electricity or bill sale can be sent again.");
  }
  if (sale.error?.kind === "card_unverified")
    throw new ActionError(
      "The card payment of this sale was never verified: check the payment, do not send it.",
    );
  const settled = await sendSale(saleId, "retry", actorOf(staff));
  const database = await db();
  if (settled.status === "failed" && settled.method === "card") {
    // Paid by card and now refused: the money goes back, so it stays on the list as a refund.
    await database
      .update(cardOrders)
      .set({ needsRefund: true })
      .where(eq(cardOrders.saleId, saleId));
  } else if (settled.status === "completed" || settled.status === "failed") {
    const note = `Sent again under the same key: ${settled.status}.`;
    await database
      .update(sales)
      .set({ resolvedBy: staff.userId, resolvedAt: new Date(), resolutionNote: note })
      .where(and(eq(sales.id, saleId), isNull(sales.resolvedAt)));
    await audit(actorOf(staff), "sale_resolved", saleId, {
      outcome: settled.status,
      reason: note,
      supervisor: staff.name,
      how: "retry",
    });
  }
  return { saleId, status: settled.status, message: settled.error?.message ?? null };
}
