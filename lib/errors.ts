/**
 * Errors at the bottom of the import graph: what an action answers, the error its body
 * throws for the user to read, and the log of the unexpected. Imports nothing of Kassa but
 * the logger (lib/log.ts, itself at the bottom) and a type.
 */
import { log } from "@/lib/log";
import type { UpstreamErrorKind } from "@/lib/upstream";

/**
 * Why an action was refused, as a code: a closed list, so a screen that says it in its own
 * words (the kiosk) is checked by the compiler. The core service's refusals carry its own error
 * number (`rejected_<n>`) or the kind of failure (`upstream_<kind>`, lib/auth/action.ts).
 */
export type ActionCode =
  | "access_denied"
  | "database_down"
  | "invalid_input"
  | "server_error"
  /** An ActionError without a code of its own. */
  | "refused"
  | "duplicate"
  | "stopping"
  | "key_reused"
  | "rate_limited"
  | "card_not_started"
  | "fine_unsettled"
  | "amount_changed"
  | "fine_gone"
  | "fine_paid"
  | "fine_not_payable"
  /** A meter no prepaid municipality knows, or one several know (the cashier chooses). */
  | "meter_not_known"
  | "choose_municipality"
  /** A colleague's voucher PIN goes to the customer only from its own cashier or a supervisor. */
  | "pin_needs_supervisor"
  /** Disabling or demoting one's own account, sent without the explicit yes. */
  | "confirm_self"
  /** A card payment made after its till cancelled, whose sale was made again another way: never delivered twice. */
  | "sold_again"
  /** An override's password or authenticator code was not right (lib/auth/step-up.ts). */
  | "step_up_refused"
  | `rejected_${number}`
  | `upstream_${UpstreamErrorKind}`;

/** The sale a duplicate-sale refusal repeats (a SaleView), for the "Sell again?" question. */
export interface EarlierSale {
  id: string;
  amountCents: number;
  reference: string;
  createdAt?: string;
}

/**
 * What every server action returns: a small typed result, never a stack trace.
 * `duplicateOf` is set only by the duplicate-sale guard of the counter-sale actions: the
 * sale made moments ago that this one repeats; the form asks "Sell again?".
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
      duplicateOf?: EarlierSale;
      /** Why, as a code: a screen in another language (the kiosk) says it in its own words. */
      code: ActionCode;
    };

/** Thrown inside an action body for an error the user should read next to a field or the form. */
export class ActionError extends Error {
  readonly duplicateOf?: EarlierSale;
  /** The reason as a code (`ActionResult`'s `code`); "refused" when none is given. */
  readonly code: ActionCode;

  constructor(
    message: string,
    readonly field?: string,
    more: { duplicateOf?: EarlierSale; code?: ActionCode } = {},
  ) {
    super(message);
    this.name = "ActionError";
    this.duplicateOf = more.duplicateOf;
    this.code = more.code ?? "refused";
  }
}

/** Logs an unexpected error with message, stack and cause: never the input, a key or an ID number. */
export function logUnexpected(where: string, error: unknown): void {
  log().error({ err: error }, where);
}
