import "server-only";
import type { CardOrder, OrderStatus, Sale, SaleKind } from "@/lib/db/schema";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/upstream";
import type { SettledSale } from "./outcome";

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
