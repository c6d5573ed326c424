import "server-only";
import { db } from "@/lib/db";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { formatRand } from "@/lib/money";
import { saTime } from "@/lib/sa-time";
import type { SaleStatus } from "@/lib/db/schema";
import { approvalDetail, type Approved } from "@/lib/auth/approval";
import { sendSale } from "@/lib/sales/send";
import { moveSale } from "@/lib/sales/door";
import { markNeedsRefund, OWED_BACK_MESSAGE } from "./store";
import { notSoldAgainSql, paidAfterCancelNotice } from "./follow-ups";
import { ownCardSale } from "./start";

const NOT_WAITING = "This sale is not waiting for delivery (someone may have handled it already).";

/** Refused: the same thing was sold again at the till since, so delivering it would sell it twice. */
async function refuseIfSoldAgain(saleId: string): Promise<void> {
  const notice = await paidAfterCancelNotice(saleId);
  if (!notice?.soldAgain) return;
  throw new ActionError(
    `${formatRand(notice.amountCents)} for ${notice.reference} was sold again at this till at ${saTime(new Date(notice.soldAgain.at))} (${notice.soldAgain.method}): delivering this card payment too would sell it twice. Record it owed back instead.`,
    undefined,
    { code: "sold_again" },
  );
}

/** What the till or the office is told once a late card payment was delivered. */
interface Delivered {
  saleId: string;
  status: SaleStatus;
  message: string | null;
}

/** Sent under the sale's own key through the one send path (so never twice); a refusal now owes the money back. */
async function sendDelivered(saleId: string, staff: Staff): Promise<Delivered> {
  const actor = actorOf(staff);
  const settled = await sendSale(saleId, "first", actor);
  if (settled.status === "failed") await markNeedsRefund(saleId, actor);
  return { saleId, status: settled.status, message: settled.error?.message ?? null };
}

/**
 * The supervisor's two answers to a card sale paid after the till stopped waiting:
 * deliver it (sent under its own key through the one send path, so never twice), or record
 * that the customer was refunded outside Kassa, with a reason. Both go through the door,
 * which lets only one of them (and only once) take the sale. A sale made again at the till
 * since is never delivered.
 */
export async function deliverPaidSale(staff: Staff, saleId: string): Promise<Delivered> {
  const reopened = await moveSale(await db(), "card_sale_delivering", saleId, {
    actor: actorOf(staff),
    args: {},
    detail: { how: "delivered_after_late_payment", supervisor: staff.name },
    also: notSoldAgainSql,
  });
  if (!reopened) {
    await refuseIfSoldAgain(saleId);
    throw new ActionError(NOT_WAITING);
  }
  return sendDelivered(saleId, staff);
}

export async function refundPaidSaleOutside(staff: Approved, saleId: string, reason: string) {
  const row = await moveSale(await db(), "card_sale_refunded_outside", saleId, {
    actor: actorOf(staff),
    args: { by: staff.userId, note: `Refunded outside Kassa: ${reason}` },
    detail: {
      outcome: "failed",
      how: "refunded_outside_kassa",
      reason,
      supervisor: staff.name,
      ...approvalDetail(staff),
    },
  });
  if (!row) throw new ActionError(NOT_WAITING);
  return { saleId, status: row.status };
}

/**
 * The till that cancelled, told that the customer's phone paid after all: "Deliver now" while
 * the customer is at the counter. Only its own cashier at its own till, only while the sale
 * is paid after cancel and nobody has handled it, and never when the same thing was sold
 * again since (the door's `card_sale_delivered_at_till`, then the one send path).
 */
export async function deliverAfterCancel(staff: Staff, saleId: string): Promise<Delivered> {
  await ownCardSale(saleId, staff);
  const reopened = await moveSale(await db(), "card_sale_delivered_at_till", saleId, {
    actor: actorOf(staff),
    args: {},
    detail: { how: "delivered_at_the_till_after_cancel" },
    also: notSoldAgainSql,
  });
  if (!reopened) {
    await refuseIfSoldAgain(saleId);
    throw new ActionError(NOT_WAITING);
  }
  return sendDelivered(saleId, staff);
}

/**
 * The till that cancelled records the late payment as owed back (the customer was served
 * another way, or has gone): nothing is sold, and the card payment goes on the refund list
 * (the door's `card_sale_owed_back`).
 */
export async function owedBackAfterCancel(
  staff: Staff,
  saleId: string,
): Promise<{ saleId: string; status: SaleStatus }> {
  await ownCardSale(saleId, staff);
  const notice = await paidAfterCancelNotice(saleId);
  const row = await moveSale(await db(), "card_sale_owed_back", saleId, {
    actor: actorOf(staff),
    args: { message: OWED_BACK_MESSAGE },
    detail: { how: "owed_back_at_the_till", soldAgain: notice?.soldAgain ?? null },
  });
  if (!row) throw new ActionError(NOT_WAITING);
  return { saleId, status: row.status };
}
