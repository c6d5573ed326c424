/**
 * What a sale is, for every side: its kinds, statuses, error kinds and payment methods, the
 * answers kept with it, and the row as the journal holds it. Imports nothing, so client
 * components, pure helpers and the database schema (lib/db/schema.ts, which builds the
 * `sales` table from these lists and is checked against `Sale`) share one definition.
 */

export const SALE_KINDS = ["electricity", "bill", "fines", "vas"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const SALE_STATUSES = ["pending", "completed", "failed", "unknown"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
/**
 * Why a sale is failed or unknown, as `sales.error.kind` keeps it: the core service's own
 * refusals and failures (lib/upstream's error kinds), and the states Kassa itself puts a
 * sale in. A closed list: a new kind is added here, and every switch on it is checked.
 */
export const SALE_ERROR_KINDS = [
  // The core service's answer (UpstreamErrorKind).
  "unauthorized",
  "rejected",
  "unavailable",
  "timeout",
  "malformed",
  /** A refusal after an attempt that may have gone through: proves nothing, so unknown. */
  "refused_after_unknown",
  /** Kassa failed while sending (a bug, the database): the call may have happened. */
  "internal",
  /** Sent, and Kassa stopped before the answer (the sweep). */
  "interrupted",
  /** A cash sale recorded and never sent (the sweep): nothing was sold. */
  "not_sent",
  /** The card order could not be opened, or its page never reached anyone: nothing paid. */
  "card_order_failed",
  /** The card payment was left before Kassa verified it: a supervisor checks the order. */
  "card_unverified",
  /** The card payment was declined, cancelled or not made: nothing was sold. */
  "card_not_paid",
  /** Paid by card after the till stopped waiting: a supervisor delivers it or refunds. */
  "card_paid_not_delivered",
  /**
   * The till stopped waiting (Cancel, its time limit) before the card payment was made:
   * nothing was sold, and Kassa keeps following the order in case the phone still pays.
   */
  "card_cancelled_at_till",
  /**
   * Paid by card after its till cancelled: unknown while the till that cancelled delivers it
   * or records it owed back; failed (with the order's refund owed) once owed back.
   */
  "card_paid_after_cancel",
] as const;
export type SaleErrorKind = (typeof SALE_ERROR_KINDS)[number];
export interface SaleError {
  kind: SaleErrorKind;
  code?: number;
  message: string;
}
export const PAYMENT_METHODS = ["cash", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One call's answer as the core service sent it; `status` null when no answer came (timeout, drop). */
export interface RawAnswer {
  operation: string;
  at: string;
  status: number | null;
  /** The body as received, whole (the transport never reads more than 1 MiB). */
  body: string | null;
  /**
   * Why no answer (or no body) came: "timeout", "connection" (may have reached), "not_sent",
   * "too_large" (over 1 MiB: not read, the call counts as malformed).
   */
  failure?: string;
}

/** A sale as the journal holds it (the `sales` table's row; lib/db/schema.ts checks they agree). */
export interface Sale {
  id: string;
  idempotencyKey: string;
  kind: SaleKind;
  status: SaleStatus;
  method: PaymentMethod;
  amountCents: number;
  /** What the sale is for, searchable: meter number, account number, notice numbers, product id. */
  reference: string;
  userId: string;
  tillId: string;
  shiftId: string | null;
  request: unknown;
  result: unknown;
  error: SaleError | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
  /** A supervisor's resolution of an unknown sale or of a paid card order that was not delivered. */
  resolvedBy: string | null;
  resolvedAt: Date | null;
  resolutionNote: string | null;
  /** What the request was for; the same key with a different fingerprint is refused. */
  fingerprint: string | null;
  /** When the slip of this completed sale was first shown to its cashier. */
  slipSeenAt: Date | null;
  /** Every money-moving call's answer as received (HTTP status, body capped), in order. */
  rawAnswers: RawAnswer[] | null;
}
