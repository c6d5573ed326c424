import "server-only";
import { audit, type Actor } from "@/lib/audit";
import type { PaymentStatus } from "@/lib/upstream";
import { findSale } from "./journal";
import { askStatus } from "./card-view";
import { findCardOrder, markNeedsRefund, recordCheck } from "./card-store";

export interface CardPeek {
  /** What the core service says now; null when it did not answer. */
  paymentStatus: PaymentStatus | null;
  needsRefund: boolean;
}

/**
 * Re-check an order without ever releasing its sale: the customer's phone landing on the
 * counter's return page, or a supervisor resolving a sale. A payment that arrives after
 * the sale was given up (not paid, or not verified) is listed for refund.
 */
export async function peekCardPayment(saleId: string, actor: Actor): Promise<CardPeek | null> {
  const order = await findCardOrder(saleId);
  const sale = order ? await findSale(saleId) : undefined;
  if (!order || !sale) return null;
  const check = await askStatus(saleId);
  const paymentStatus = check.reached ? check.paymentStatus : null;
  const recorded = await recordCheck(saleId, paymentStatus, new Date());
  await audit(actor, "card_status_checked", saleId, {
    paymentStatus: paymentStatus ?? "unreachable",
    check: recorded.checks,
    releases: false,
  });
  const givenUp = sale.status !== "pending" && sale.attempts === 0;
  if (paymentStatus === "PAID" && givenUp && !order.needsRefund) {
    await markNeedsRefund(saleId);
    return { paymentStatus, needsRefund: true };
  }
  return { paymentStatus, needsRefund: order.needsRefund };
}
