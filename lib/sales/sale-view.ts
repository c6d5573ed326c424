/**
 * The small view of a sale that actions hand to the till's screens, and the answers of the
 * sale actions. Pure: client code imports these types. A refusal of the duplicate-sale
 * guard is `ActionResult`'s `{ ok: false, error, duplicateOf: SaleView }` (lib/errors.ts);
 * the form asks "Sell again?" and sends the same input and key with `sellAgain: true`. The contract is described in
 * docs/architecture.md ("The sale actions' contract"); keep both true together.
 */
import type { PaymentMethod, SaleKind, SaleStatus } from "@/lib/db/schema";
import type { SlipToken } from "@/lib/slip/tokens";
import type { CardFollowUps } from "@/lib/sales/card/client";

/** What the cashier can do about a sale that is not confirmed. */
export type NextStep =
  /** Repeat it under its own key (electricity, bill: the core service is idempotent on the key). */
  | "retry"
  /** Ask the traffic-fine registry whether the notices read paid now (never marks anything paid). */
  | "recheck_registry"
  /** Nothing the till can do: a supervisor resolves it with the reconciliation data. */
  | "supervisor";

/** One printed line of a slip shown without the journal (label: value). */
export interface SlipLine {
  label: string;
  value: string;
  /** Tokens and PINs: printed large, in groups of four. */
  big?: boolean;
}

/**
 * The core service answered but the journal could not be written (the database is down).
 * The cashier must see what came back: tokens, PIN or registry numbers, as slip lines.
 */
export interface NotRecorded {
  /** Always "Not recorded: keep this slip and tell a supervisor." */
  notice: string;
  title: string;
  lines: SlipLine[];
}

export interface SaleView {
  id: string;
  kind: SaleKind;
  status: SaleStatus;
  method: PaymentMethod;
  amountCents: number;
  /** Meter number, account number, notice numbers, "<product> <recipient>". */
  reference: string;
  /** What was sold, in the middle of a sentence: "electricity for meter 01100000007", "Telkom 5 GB data for 081 555 0303". */
  what: string;
  /** Cashier-safe reason when the sale failed or is not confirmed, in whole sentences. */
  message: string | null;
  /** Recorded for card and waiting for the customer's card payment (nothing sent yet). */
  awaitingCard: boolean;
  /**
   * Unknown after it was sent upstream (electricity or bill): Retry under its own key is safe.
   * Same as `nextStep === "retry"`; kept for the card flow's screens.
   */
  retryable: boolean;
  /** For an unknown sale: what the "Not confirmed" panel offers. Null otherwise. */
  nextStep: NextStep | null;
  /**
   * Unknown because the customer paid by card after the till stopped waiting: "Paid, not
   * delivered", a supervisor delivers or refunds it (never also "Not confirmed" at the till).
   */
  paidNotDelivered: boolean;
  /** ISO instant the sale was recorded. */
  createdAt: string;
  /** The cashier has seen this completed sale's slip (the slip page was shown to them). */
  seen: boolean;
  /** Set only when the journal could not be written after the core service answered. */
  notRecorded: NotRecorded | null;
  /**
   * A completed electricity sale's tokens, from the sale's own answer: the till shows them
   * at once while the slip page loads.
   */
  tokens?: readonly SlipToken[];
}

/** What the till says about a sale whose outcome the core service did not confirm. */
export const NOT_CONFIRMED = "Not confirmed — do not sell again";

export const NOT_RECORDED_NOTICE = "Not recorded: keep this slip and tell a supervisor.";

/** A card sale the customer paid after the till stopped waiting: a supervisor delivers or refunds it. */
export const PAID_NOT_DELIVERED = "Paid, not delivered";

/** Why the cashier put a slip away without showing it ("Last sale went through"). */
export const PUT_AWAY_REASONS = ["customer_has_token", "keep_in_history"] as const;
export type PutAwayReason = (typeof PUT_AWAY_REASONS)[number];

/** A card sale paid after its till stopped waiting, with the order the customer paid. */
export interface PaidNotDeliveredView {
  sale: SaleView;
  /** The core service's order id (what the customer's bank statement and the ledger show). */
  orderId: string;
}

/**
 * `GET /api/sales/unseen`: what the journal holds that the till must tell its cashier about,
 * from any browser: completed sales whose slip they have not seen and unresolved unknown ones
 * (`sales`, last 24 h), card sales paid after the till stopped waiting, and card sales still
 * waiting for a payment whose screen was left.
 */
export interface TillSalesAnswer {
  sales: SaleView[];
  paidNotDelivered: PaidNotDeliveredView[];
  cardWaiting: SaleView[];
  /** Card payments this till cancelled that the customer's phone may still pay, or has paid since. */
  card?: CardFollowUps;
}
