/**
 * The named transitions of a sale and of its card order: the states each may start from and
 * the one it leaves the row in. Pure data (no database): the door (./sale.ts, ./card-order.ts)
 * writes them, and anyone may read them (the office, the tests, the record's verifier).
 *
 * A sale is `pending` (recorded; `attempts` 0 until it is claimed for sending), then
 * `completed`, `failed` or `unknown`; `error.kind` names which failed or unknown it is
 * (SALE_ERROR_KINDS), and `resolved_at` marks a supervisor's resolution. A card order is
 * `created`, then carries the core service's payment status (`PENDING`, `PAID`, `FAILED` ...)
 * or `cancelled`; `final`, `needs_refund`, `paid_not_delivered_at` and `late_outcome` are
 * its flags.
 */
import {
  ORDER_STATUSES,
  type OrderStatus,
  type SaleErrorKind,
  type SaleStatus,
} from "@/lib/db/schema";
import type { AuditKind } from "@/lib/audit";

export interface SaleTransitionSpec {
  /** The statuses the sale may be in (more exact conditions: ./sale.ts's guards). */
  from: readonly SaleStatus[];
  /** The status it leaves; `"unchanged"`: only what surrounds the status changes (a resolution recorded). */
  to: SaleStatus | "unchanged";
  /** The sub-state it leaves (`error.kind`); `"given"`: the caller's outcome names it. */
  errorKind?: SaleErrorKind | "given";
  /** The audit event's kind. Usually the transition's name; the supervisor's resolutions share one. */
  audit: AuditKind;
  /** It also changes the sale's card order, in the same statement: that row's audit event kind. */
  order?: AuditKind;
  /** In the words of docs/architecture.md. */
  means: string;
}

export const SALE_TRANSITIONS = {
  sale_recorded: {
    from: [],
    to: "pending",
    audit: "sale_recorded",
    means:
      "the pending row is written before anything goes upstream (cash: with its first attempt taken)",
  },
  sale_claimed: {
    from: ["pending"],
    to: "pending",
    audit: "sale_claimed",
    means: "the one caller that sends a recorded sale takes its first attempt",
  },
  sale_retried: {
    from: ["unknown"],
    to: "pending",
    audit: "sale_retried",
    means:
      "an unknown sale that was sent, of a kind the core service is idempotent on, is sent again under its key",
  },
  sale_resent: {
    from: ["pending"],
    to: "pending",
    audit: "sale_retried",
    means: "a sent sale whose sender died is taken over and sent again under its key",
  },
  sale_completed: {
    from: ["pending", "unknown"],
    to: "completed",
    audit: "sale_completed",
    means: "the core service's answer: sold (also proof for a sale made unknown meanwhile)",
  },
  sale_failed: {
    from: ["pending", "unknown"],
    to: "failed",
    errorKind: "given",
    audit: "sale_failed",
    means: "the core service's answer: refused (also proof for a sale made unknown meanwhile)",
  },
  sale_unknown: {
    from: ["pending", "unknown"],
    to: "unknown",
    errorKind: "given",
    audit: "sale_unknown",
    means: "the answer was lost (timeout, broken connection, 5xx, unreadable)",
  },
  sale_interrupted: {
    from: ["pending"],
    to: "unknown",
    errorKind: "interrupted",
    audit: "sale_interrupted",
    means: "the sweep: sent, and Kassa stopped before the answer",
  },
  sale_not_sent: {
    from: ["pending"],
    to: "failed",
    errorKind: "not_sent",
    audit: "sale_not_sent",
    means: "the sweep: a cash sale recorded and never sent; nothing was sold",
  },
  card_sale_not_started: {
    from: ["pending"],
    to: "failed",
    errorKind: "card_order_failed",
    audit: "card_sale_not_started",
    order: "card_order_cancelled",
    means:
      "the card order could not be opened (or its page reached nobody): nothing paid, its order cancelled and closed",
  },
  card_sale_unverified: {
    from: ["pending"],
    to: "unknown",
    errorKind: "card_unverified",
    audit: "card_sale_unverified",
    means: "the card payment was left, or answered oddly, before Kassa verified it",
  },
  card_sale_not_paid: {
    from: ["pending"],
    to: "failed",
    errorKind: "card_not_paid",
    audit: "card_sale_not_paid",
    means: "the card payment was declined, cancelled or never made",
  },
  card_sale_unverified_not_paid: {
    from: ["unknown"],
    to: "failed",
    errorKind: "card_not_paid",
    audit: "card_sale_unverified_not_paid",
    means:
      "a card sale left unverified is found not paid (declined, or unpaid at the end of its day)",
  },
  card_sale_paid_not_delivered: {
    from: ["pending", "failed", "unknown"],
    to: "unknown",
    errorKind: "card_paid_not_delivered",
    audit: "card_sale_paid_not_delivered",
    order: "card_order_paid_not_delivered",
    means: "paid after the till stopped waiting: a supervisor delivers it or refunds the customer",
  },
  card_sale_cancelled_at_till: {
    from: ["pending"],
    to: "failed",
    errorKind: "card_cancelled_at_till",
    audit: "card_sale_cancelled_at_till",
    order: "card_order_cancelled",
    means:
      "cancelled at the till (Cancel, or the till's time limit) with no payment seen: nothing sold, and the order is still followed, since the customer's phone may still pay",
  },
  card_sale_paid_after_cancel: {
    from: ["failed"],
    to: "unknown",
    errorKind: "card_paid_after_cancel",
    audit: "card_sale_paid_after_cancel",
    order: "card_order_paid_not_delivered",
    means:
      "paid after cancel: the customer's phone paid after the till cancelled; the till that cancelled is told at once (money owed to the customer until it is delivered or owed back)",
  },
  card_sale_delivered_at_till: {
    from: ["unknown"],
    to: "pending",
    audit: "card_sale_delivered_at_till",
    order: "card_order_delivered",
    means:
      "paid after cancel: delivered at the till; the cashier's Deliver now puts the sale back to pending for the one send path, while the customer is there",
  },
  card_sale_owed_back: {
    from: ["unknown"],
    to: "failed",
    errorKind: "card_paid_after_cancel",
    audit: "card_sale_owed_back",
    order: "card_refund_owed",
    means:
      "paid after cancel: owed back; the customer had it another way or left, so nothing is sold and the card payment goes on the refund list",
  },
  card_sale_delivering: {
    from: ["unknown"],
    to: "pending",
    audit: "sale_resolved",
    order: "card_order_delivered",
    means: "the supervisor's Deliver: the paid sale goes back to pending for the one send path",
  },
  card_sale_refunded_outside: {
    from: ["unknown"],
    to: "failed",
    audit: "sale_resolved",
    order: "card_order_refunded",
    means: "the supervisor refunded a paid, not delivered sale outside Kassa",
  },
  sale_resolved_completed: {
    from: ["unknown", "failed", "completed"],
    to: "completed",
    audit: "sale_resolved",
    means:
      "a supervisor settles an unknown sale (or one owing a refund) by hand: the customer got it",
  },
  sale_resolved_failed: {
    from: ["unknown", "failed", "completed"],
    to: "failed",
    audit: "sale_resolved",
    order: "card_refund_owed",
    means:
      "a supervisor settles it by hand: nothing delivered (a paid card order then owes a refund)",
  },
  sale_resolved_by_retry: {
    from: ["completed", "failed"],
    to: "unchanged",
    audit: "sale_resolved",
    means: "a supervisor's retry got a final answer: the resolution is recorded in their name",
  },
} as const satisfies Record<string, SaleTransitionSpec>;

export type SaleTransition = keyof typeof SALE_TRANSITIONS;

export interface OrderTransitionSpec {
  from: readonly OrderStatus[];
  audit: AuditKind;
  means: string;
}

const ALL_ORDER = ORDER_STATUSES;

export const ORDER_TRANSITIONS = {
  card_order_claimed: {
    from: [],
    audit: "card_order_claimed",
    means: "the one caller that opens a sale's card order writes its row first",
  },
  card_order_created: {
    from: ["created"],
    audit: "card_order_created",
    means:
      "the core service opened the order: its payment page is kept (not for an order closed meanwhile)",
  },
  card_status_checked: {
    from: ALL_ORDER,
    audit: "card_status_checked",
    means: "a status check counted, with what the core service said",
  },
  card_order_cancelled: {
    from: ["created", "PENDING", "NO_ATTEMPT", "FAILED", "VERIFICATION_ERROR"],
    audit: "card_order_cancelled",
    means: "the checkout was cancelled at the till or the kiosk",
  },
  card_order_closed: {
    from: ALL_ORDER,
    audit: "card_order_closed",
    means: "nobody asks about it again: PAID handled, FAILED, or unpaid at the end of its day",
  },
  card_refund_owed: {
    from: ALL_ORDER,
    audit: "card_refund_owed",
    means: "paid, and the sale did not go through: the money goes on the refund list",
  },
} as const satisfies Record<string, OrderTransitionSpec>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;
