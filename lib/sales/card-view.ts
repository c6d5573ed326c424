import "server-only";
import type { CardOrder, OrderStatus, Sale, SaleKind } from "@/lib/db/schema";
import {
  checkOrderPaymentStatus,
  isUpstreamError,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@/lib/upstream";
import type { SettledSale, StatusCheck } from "./card-outcome";

/** What the counter's component and the kiosk's return page are told: small, no upstream body. */
export type CardPaymentView =
  | {
      state: "waiting";
      paymentPageUrl: string;
      /** PENDING once the customer has opened the payment page. */
      paymentStatus: "PENDING" | null;
      /** Time left on the counter's clock; null at the kiosk. */
      remainingMs: number | null;
    }
  /** PAID and the sale is being sent by another request right now. */
  | { state: "sending" }
  | { state: "settled"; sale: SettledSale }
  | { state: "not_paid"; reason: string }
  /** Not confirmed: never sent; a supervisor checks it (or, paid late, delivers or refunds it). */
  | { state: "unverified"; reason: string; kind: SaleKind };

export function isPaymentStatus(status: OrderStatus | null | undefined): status is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(status ?? "");
}

const REFUND_NOTE = " The customer's card was charged: a supervisor will refund it.";

/** The view of a sale that is no longer waiting for its payment. */
export function viewOfSale(sale: Sale, order: CardOrder | undefined): CardPaymentView {
  if (sale.status === "pending")
    return sale.attempts > 0
      ? { state: "sending" }
      : { state: "not_paid", reason: "This card payment was not started." };
  if (sale.attempts === 0) {
    // Never sent: the payment was not made, or could not be verified.
    const reason = sale.error?.message ?? "The card payment did not go through. Nothing was sold.";
    return sale.status === "unknown"
      ? { state: "unverified", reason, kind: sale.kind }
      : { state: "not_paid", reason };
  }
  const message = sale.error?.message
    ? sale.error.message + (order?.needsRefund ? REFUND_NOTE : "")
    : undefined;
  return {
    state: "settled",
    sale: { id: sale.id, kind: sale.kind, status: sale.status, ...(message ? { message } : {}) },
  };
}

const NOT_FOUND = /not\s*found|unknown order|no such order/i;

/**
 * One status check, never retried here: the next poll is the retry. It names the order by
 * Kassa's own id (the spec's order `id`, the ledger's `paymentReference`); when the core
 * service says it does not know that id, it asks once more with the `orderId` putOrder
 * returned before taking the "not found" as the answer (docs/upstream-assumptions.md).
 */
export async function askStatus(
  saleId: string,
  upstreamOrderId: string | null = null,
): Promise<StatusCheck> {
  const first = await askOnce(saleId);
  if (!upstreamOrderId || upstreamOrderId === saleId || !first.notFound) return first.check;
  const second = await askOnce(upstreamOrderId);
  return second.check.reached ? second.check : first.check;
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
      notFound:
        status.paymentStatus === "VERIFICATION_ERROR" &&
        status.verificationErrors.some((m) => NOT_FOUND.test(m)),
    };
  } catch (error) {
    if (isUpstreamError(error))
      return {
        check: { reached: false },
        notFound: error.kind === "rejected" && NOT_FOUND.test(error.cashierMessage),
      };
    throw error;
  }
}
