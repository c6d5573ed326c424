import "server-only";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { sendSale } from "@/lib/sales/send";
import { markNeedsRefund, recordRefundedOutside, reopenForDelivery } from "./store";

/**
 * The supervisor's two answers to a card sale paid after the till stopped waiting:
 * deliver it (sent under its own key through the one send path, so never twice), or record
 * that the customer was refunded outside Kassa, with a reason. Both are audited.
 */
export async function deliverPaidSale(staff: Staff, saleId: string) {
  const reopened = await reopenForDelivery(saleId);
  if (!reopened)
    throw new ActionError(
      "This sale is not waiting for delivery (someone may have handled it already).",
    );
  const actor = actorOf(staff);
  const settled = await sendSale(saleId, "first", actor);
  // Refused now: the customer's money goes back, so it stays on the list as a refund.
  if (settled.status === "failed") await markNeedsRefund(saleId);
  await audit(actor, "sale_resolved", saleId, {
    outcome: settled.status,
    how: "delivered_after_late_payment",
    supervisor: staff.name,
    amountCents: settled.amountCents,
  });
  return { saleId, status: settled.status, message: settled.error?.message ?? null };
}

export async function refundPaidSaleOutside(staff: Staff, saleId: string, reason: string) {
  const row = await recordRefundedOutside(saleId, staff.userId, reason);
  if (!row)
    throw new ActionError(
      "This sale is not waiting for delivery (someone may have handled it already).",
    );
  await audit(actorOf(staff), "sale_resolved", saleId, {
    outcome: "failed",
    how: "refunded_outside_kassa",
    reason,
    supervisor: staff.name,
    amountCents: row.amountCents,
  });
  return { saleId, status: row.status };
}
