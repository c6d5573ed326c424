import "server-only";
import { eq, or } from "drizzle-orm";
import { audit, type Actor } from "@/lib/audit";
import { db } from "@/lib/db";
import { cardOrders } from "@/lib/db/schema";
import { checkOrderPaymentStatus, isUpstreamError, type OrderPaymentStatus } from "@/lib/upstream";
import { refusalSaysNotFound, statusSaysNotFound } from "@/lib/sales/card";
import { keepingRawAnswers } from "@/lib/sales/journal";

/** What the supervisor sees of an order's verified payment status. */
export interface OrderStatusView {
  orderId: string;
  paymentStatus: string;
  gatewayStatus: string | null;
  amountCents: number | null;
  at: string | null;
  verificationErrors: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids to ask by, in order: Kassa's own (the sale's id) first, then the orderId putOrder
 * returned, whichever of the two the supervisor typed; an order Kassa never made is asked by
 * what was typed only.
 */
async function idsToAsk(typed: string): Promise<string[]> {
  const database = await db();
  const [order] = await database
    .select({ saleId: cardOrders.saleId, upstreamOrderId: cardOrders.upstreamOrderId })
    .from(cardOrders)
    .where(
      UUID.test(typed)
        ? or(eq(cardOrders.saleId, typed.toLowerCase()), eq(cardOrders.upstreamOrderId, typed))
        : eq(cardOrders.upstreamOrderId, typed),
    )
    .limit(1);
  if (!order) return [typed];
  return [...new Set([order.saleId, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])])];
}

/**
 * Ask the core service for one order's payment status, on demand, as the till's own check
 * asks (lib/sales/card-view.ts askStatus): by Kassa's id, and when the core service does not
 * know it, once more by the orderId putOrder returned. Each check is audited.
 */
export async function checkOrderStatusFor(orderId: string, actor: Actor): Promise<OrderStatusView> {
  const [first, second] = await idsToAsk(orderId.trim());
  // A check of one of Kassa's sales (its id is the order's) keeps every answer with the sale.
  const saleId = UUID.test(first!) ? first!.toLowerCase() : null;
  const ask = (id: string) =>
    saleId
      ? keepingRawAnswers(saleId, () => checkOrderPaymentStatus(id))
      : checkOrderPaymentStatus(id);
  let status: OrderPaymentStatus | undefined;
  let askedBy = first!;
  try {
    status = await ask(first!);
  } catch (error) {
    // A refusal of the core service reaches the screen through staffAction.
    if (!second || !isUpstreamError(error) || !refusalSaysNotFound(error)) throw error;
  }
  if (second && (!status || statusSaysNotFound(status))) {
    try {
      status = await ask(second);
      askedBy = second;
    } catch (error) {
      if (!status) throw error;
    }
  }
  await audit(actor, "card_status_checked", orderId, {
    paymentStatus: status!.paymentStatus,
    by: "supervisor",
    askedBy,
  });
  return {
    orderId,
    paymentStatus: status!.paymentStatus,
    gatewayStatus: status!.gatewayStatus,
    amountCents: status!.amountCents,
    at: status!.at?.toISOString() ?? null,
    verificationErrors: status!.verificationErrors,
  };
}
