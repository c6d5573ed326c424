import "server-only";
import { db } from "@/lib/db";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { approvalDetail, type Approved } from "@/lib/auth/approval";
import { findSale, IDEMPOTENT_KINDS } from "@/lib/sales/journal";
import { sendSale } from "@/lib/sales/send";
import { moveSale } from "@/lib/sales/door";
import { markNeedsRefund, recheckBeforeResolving } from "@/lib/sales/card";

/**
 * The supervisor settles a sale by hand with a written reason: completed (the customer got
 * it) or failed (nothing delivered; money handed back, and a paid card order goes on the
 * refund list in the same statement). Only an unknown sale, or one owing a card refund, and
 * only once: the door's from-state decides.
 */
export async function resolveSale(
  staff: Approved,
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
  const row = await moveSale(
    await db(),
    outcome === "completed" ? "sale_resolved_completed" : "sale_resolved_failed",
    saleId,
    {
      actor: actorOf(staff),
      args: { by: staff.userId, note: reason },
      detail: {
        outcome,
        reason,
        supervisor: staff.name,
        how: "by_hand",
        ...approvalDetail(staff),
      },
    },
  );
  if (!row)
    throw new ActionError(
      "This sale is not waiting for a resolution (someone may have resolved it already).",
    );
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
  const actor = actorOf(staff);
  const settled = await sendSale(saleId, "retry", actor);
  if (settled.status === "failed" && settled.method === "card") {
    // Paid by card and now refused: the money goes back, so it stays on the list as a refund.
    await markNeedsRefund(saleId, actor);
  } else if (settled.status === "completed" || settled.status === "failed") {
    const note = `Sent again under the same key: ${settled.status}.`;
    await moveSale(await db(), "sale_resolved_by_retry", saleId, {
      actor,
      args: { by: staff.userId, note },
      detail: { outcome: settled.status, reason: note, supervisor: staff.name, how: "retry" },
    });
  }
  return { saleId, status: settled.status, message: settled.error?.message ?? null };
}
