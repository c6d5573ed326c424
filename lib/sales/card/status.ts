import "server-only";
import type { Actor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { CardOrder } from "@/lib/db/schema";
import {
  checkOrderPaymentStatus,
  isUpstreamError,
  type OrderPaymentStatus,
  type PaymentStatus,
  type UpstreamError,
} from "@/lib/upstream";
import { keepingRawAnswers } from "@/lib/sales/journal";
import type { StatusCheck } from "./outcome";
import { moveOrder } from "@/lib/sales/door";

/**
 * One check of an order as every caller makes it: ask the core service, then count the check
 * (with its schedule) and audit what it said, in one statement (the door's
 * `card_status_checked`). `note` says who asked, for the audit log.
 */
export async function checkOnce(
  order: Pick<CardOrder, "saleId" | "upstreamOrderId">,
  actor: Actor,
  now: Date,
  note: Record<string, unknown>,
  schedule: { tillSeen?: boolean; nextCheckAt?: Date } = {},
): Promise<{ check: StatusCheck; status: PaymentStatus | null; recorded: CardOrder }> {
  const check = await askStatus(order.saleId, order.upstreamOrderId);
  const status = check.reached ? check.paymentStatus : null;
  const recorded = await moveOrder(await db(), "card_status_checked", order.saleId, {
    actor,
    args: { status, now, ...schedule },
    detail: { paymentStatus: status ?? "unreachable", ...note },
  });
  if (!recorded) throw new Error(`no card order for sale ${order.saleId}`);
  return { check, status, recorded };
}

const NOT_FOUND = /not\s*found|unknown order|no such order/i;

/** A status answer saying the core service does not know the id asked (a VERIFICATION_ERROR naming it). */
export function statusSaysNotFound(status: OrderPaymentStatus): boolean {
  return (
    status.paymentStatus === "VERIFICATION_ERROR" &&
    status.verificationErrors.some((m) => NOT_FOUND.test(m))
  );
}

/** A refusal saying the same. */
export function refusalSaysNotFound(error: UpstreamError): boolean {
  return error.kind === "rejected" && NOT_FOUND.test(error.cashierMessage);
}

/**
 * One status check, never retried here: the next poll is the retry. It names the order by
 * Kassa's own id (the spec's order `id`, the ledger's `paymentReference`); when the core
 * service says it does not know that id, it asks once more with the `orderId` putOrder
 * returned before taking the "not found" as the answer (docs/upstream-assumptions.md).
 */
async function askStatus(
  saleId: string,
  upstreamOrderId: string | null = null,
): Promise<StatusCheck> {
  // Every answer of every check is kept with the sale, like a purchase's.
  return keepingRawAnswers(saleId, async () => {
    const first = await askOnce(saleId);
    if (!upstreamOrderId || upstreamOrderId === saleId || !first.notFound) return first.check;
    const second = await askOnce(upstreamOrderId);
    return second.check.reached ? second.check : first.check;
  });
}

async function askOnce(orderId: string): Promise<{ check: StatusCheck; notFound: boolean }> {
  try {
    const status = await checkOrderPaymentStatus(orderId, { maxAttempts: 1 });
    return {
      check: {
        reached: true,
        paymentStatus: status.paymentStatus,
        gatewayStatus: status.gatewayStatus,
        amountCents: status.amountCents,
        currency: status.currency,
        orderId: status.orderId,
      },
      notFound: statusSaysNotFound(status),
    };
  } catch (error) {
    if (isUpstreamError(error))
      return {
        check: { reached: false },
        notFound: refusalSaysNotFound(error),
      };
    throw error;
  }
}
