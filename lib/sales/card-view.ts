import "server-only";
import type { CardOrder, OrderStatus, Sale } from "@/lib/db/schema";
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
  | { state: "unverified"; reason: string };

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
      ? { state: "unverified", reason }
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

/** One status check, never retried here: the next poll is the retry. */
export async function askStatus(saleId: string): Promise<StatusCheck> {
  try {
    const status = await checkOrderPaymentStatus(saleId, { maxAttempts: 1 });
    return {
      reached: true,
      paymentStatus: status.paymentStatus,
      gatewayStatus: status.gatewayStatus,
      amountCents: status.amountCents,
    };
  } catch (error) {
    if (isUpstreamError(error)) return { reached: false };
    throw error;
  }
}
