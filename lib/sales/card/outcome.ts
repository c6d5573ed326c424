/**
 * What a card order's verified payment status means for its sale. Pure: no I/O, so every
 * rule is unit-tested. The redirect of the customer's browser never enters here; only
 * the core service's answer to checkOrderPaymentStatus does.
 */
import type { SaleKind, SaleStatus } from "@/lib/db/schema";
import type { PaymentStatus } from "@/lib/upstream";

/** How long the counter waits for the customer's phone before giving up. */
export const CARD_TIME_LIMIT_MS = 3 * 60_000;
/** How often the counter and the kiosk's return page ask the core service. */
export const CARD_POLL_INTERVAL_MS = 2_000;
/** How many times the kiosk's return page asks while the status is still PENDING. */
export const KIOSK_RETURN_CHECKS = 8;

/** Where the kiosk goes once a card sale completed (the traffic-fines flow owns that page). */
export const KIOSK_RECEIPT_PATH = (saleId: string) => `/kiosk/fines/receipt/${saleId}`;

/** What a card payment ends with, for the flow that started it. */
export interface SettledSale {
  id: string;
  kind: SaleKind;
  status: SaleStatus;
  /** A cashier-safe message when the sale failed or is not confirmed. */
  message?: string;
}

/** One status check: the core service's answer, or no answer at all. */
export type StatusCheck =
  | {
      reached: true;
      paymentStatus: PaymentStatus;
      gatewayStatus: string | null;
      amountCents: number | null;
      /** The currency the core service reports for the capture, if any. */
      currency: string | null;
      /** Which order the answer is about (Kassa's id or the core service's own). */
      orderId: string | null;
    }
  | { reached: false };

export interface CardSituation {
  /** The order's total; a PAID answer for another amount is not trusted. */
  expectedCents: number;
  /** This sale's order ids (Kassa's own and the core service's): a PAID for another order is not trusted. */
  orderIds: string[];
  /** The last status Kassa saw for this order before this check, if any. */
  previousStatus: PaymentStatus | null;
  /** The counter's time limit has passed. */
  expired: boolean;
  /** Cancel pressed at the till, or the kiosk's return page has asked long enough. */
  giveUp: "cancel" | "final" | null;
}

/** Why the counter stopped waiting: Cancel (or Check payment on a screen left), or its time limit. */
export type StopReason = "cancelled" | "time_limit";

export type NotPaidReason = "declined" | "cancelled" | "not_paid";
export type UnverifiedReason =
  | "still_pending"
  | "verification_error"
  | "amount_mismatch"
  | "currency_mismatch"
  | "order_mismatch"
  | "unreachable";

export type CardDecision =
  | { kind: "release" }
  | { kind: "wait" }
  | { kind: "not_paid"; reason: NotPaidReason }
  | { kind: "unverified"; reason: UnverifiedReason }
  /**
   * The counter stopped waiting before any payment was seen (whether or not the customer had
   * opened the page, whether or not the core service answered): nothing was sold at the till,
   * and Kassa keeps following the order, since the customer's phone may still pay.
   */
  | { kind: "stopped"; reason: StopReason };

/** The customer pressed Cancel at the checkout: the gateway says so, or the order went back from PENDING. */
function customerCancelled(
  check: { paymentStatus: PaymentStatus; gatewayStatus: string | null },
  previous: PaymentStatus | null,
): boolean {
  return /cancel/i.test(check.gatewayStatus ?? "") || previous === "PENDING";
}

/**
 * A PAID answer releases a sale only when it is this order's capture as Kassa made it: the
 * order total to the cent (a missing amount proves nothing), in ZAR, for this sale's order.
 */
export function paidMismatch(
  check: { amountCents: number | null; currency: string | null; orderId: string | null },
  situation: { expectedCents: number; orderIds: string[] },
): "amount_mismatch" | "currency_mismatch" | "order_mismatch" | null {
  if (check.amountCents === null || check.amountCents !== situation.expectedCents)
    return "amount_mismatch";
  if ((check.currency ?? "").toUpperCase() !== "ZAR") return "currency_mismatch";
  if (!check.orderId || !situation.orderIds.includes(check.orderId)) return "order_mismatch";
  return null;
}

export function decideCardOutcome(check: StatusCheck, situation: CardSituation): CardDecision {
  // The counter stops waiting (Cancel, its time limit): only a verified PAID or a decline
  // settles the sale; anything else is "cancelled at the till", and the order stays followed.
  const tillStops: StopReason | null =
    situation.giveUp === "cancel" ? "cancelled" : situation.expired ? "time_limit" : null;
  const stopping = tillStops !== null || situation.giveUp !== null;
  if (!check.reached) {
    if (tillStops) return { kind: "stopped", reason: tillStops };
    return stopping ? { kind: "unverified", reason: "unreachable" } : { kind: "wait" };
  }
  switch (check.paymentStatus) {
    case "PAID": {
      const mismatch = paidMismatch(check, situation);
      return mismatch ? { kind: "unverified", reason: mismatch } : { kind: "release" };
    }
    case "FAILED":
      return { kind: "not_paid", reason: "declined" };
    case "VERIFICATION_ERROR":
      if (tillStops) return { kind: "stopped", reason: tillStops };
      return { kind: "unverified", reason: "verification_error" };
    case "PENDING":
      if (tillStops) return { kind: "stopped", reason: tillStops };
      // The kiosk's customer is on the payment page: giving up now could leave a payment nobody sells.
      return stopping ? { kind: "unverified", reason: "still_pending" } : { kind: "wait" };
    case "NO_ATTEMPT":
      if (tillStops) return { kind: "stopped", reason: tillStops };
      if (customerCancelled(check, situation.previousStatus))
        return { kind: "not_paid", reason: "cancelled" };
      return stopping ? { kind: "not_paid", reason: "not_paid" } : { kind: "wait" };
  }
}

/** What the cashier (or the kiosk's customer) reads; nothing here names a card or the gateway's raw text. */
export const NOT_PAID_MESSAGES: Record<NotPaidReason, string> = {
  declined: "The card payment was declined. Nothing was sold.",
  cancelled: "The card payment was cancelled. Nothing was sold.",
  not_paid: "The card payment was not made in time. Nothing was sold.",
};

/** Which of the not-paid reasons a settled sale's message says, or null for another message. */
export function notPaidReasonOf(message: string): NotPaidReason | null {
  const reasons = Object.keys(NOT_PAID_MESSAGES) as NotPaidReason[];
  return reasons.find((r) => NOT_PAID_MESSAGES[r] === message) ?? null;
}

/**
 * What the cashier reads when the till stops waiting: no money changed hands at the till, the
 * customer's phone may still pay, and what happens then. One sentence each, said once.
 */
const STILL_PAYABLE =
  " The payment page on the customer's phone can still take the payment, so ask the customer to close it. If they pay after all, this till tells you at once and offers Deliver now or Owed back.";
export const STOPPED_MESSAGES: Record<StopReason, string> = {
  cancelled:
    "Card payment cancelled at the till: nothing was sold and no money changed hands here." +
    STILL_PAYABLE,
  time_limit:
    "The card payment was not made in time, so the till stopped waiting: nothing was sold and no money changed hands here." +
    STILL_PAYABLE,
};

export const UNVERIFIED_MESSAGES: Record<UnverifiedReason, string> = {
  still_pending:
    "The card payment was still in progress. Not confirmed — do not sell again. A supervisor will check it.",
  verification_error:
    "The card payment could not be verified. Not confirmed — do not sell again. A supervisor will check it.",
  amount_mismatch:
    "The card payment does not match this sale's amount. Not confirmed — do not sell again. A supervisor will check it.",
  currency_mismatch:
    "The card payment was not in rand. Not confirmed — do not sell again. A supervisor will check it.",
  order_mismatch:
    "The card payment answer was for another order. Not confirmed — do not sell again. A supervisor will check it.",
  unreachable:
    "The payment service did not answer. Not confirmed — do not sell again. A supervisor will check it.",
};

/** Time left on the counter's clock, never below zero. */
export function remainingMs(
  createdAt: Date,
  now: Date,
  limitMs: number = CARD_TIME_LIMIT_MS,
): number {
  return Math.max(0, createdAt.getTime() + limitMs - now.getTime());
}

/** A card sale never sent whose payment is still open to question: History offers "Check payment". */
export function awaitsCardCheck(sale: {
  method: string;
  status: SaleStatus;
  attempts: number;
  error: { kind: string } | null;
}): boolean {
  if (sale.method !== "card" || sale.attempts > 0) return false;
  return (
    sale.status === "pending" ||
    (sale.status === "unknown" && sale.error?.kind === "card_unverified")
  );
}
