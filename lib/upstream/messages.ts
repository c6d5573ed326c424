/**
 * What a cashier reads when the core service says no. Pure (no server import) so
 * that screens can show the same words; the client fills `cashierMessage` from here.
 */
import { rangeMessage, type AmountRange } from "@/lib/amount-range";

/** Every traffic-fine error code of the spec (1-3, 5-18, 23), in words a cashier can act on. */
export const FINE_ERROR_MESSAGES = {
  1: "The fines service refused Kassa's credentials. Call a supervisor.",
  2: "The fines service is unavailable. Try again in a minute; call support if it persists.",
  3: "The fines service had an error. Call support.",
  5: "This ID number is not valid. Check it and try again.",
  6: "An ID number has digits only. Check it and try again.",
  7: "This ID number is mistyped: its last digit does not match. Check it and try again.",
  8: "No person or business with this number is known to the fines registry.",
  9: "No fines were found for this number.",
  10: "This notice number is mistyped: its check digit does not match. Check it and try again.",
  11: "This fine cannot be paid here: it must be paid at a registering authority.",
  12: "This notice number does not exist. Check it and try again.",
  13: "This notice number does not exist. Check it and try again.",
  14: "This fine is a court case and cannot be paid here.",
  15: "The customer chose to go to court for this fine; it cannot be paid here.",
  16: "This fine cannot be paid now: a driver nomination is pending.",
  17: "This fine is partly paid: the rest must be paid at a registering authority or the licensing department.",
  18: "This fine is partly paid and cannot be paid here.",
  23: "The fines registry refused the payment details.",
} as const satisfies Record<number, string>;

export type FineErrorCode = keyof typeof FINE_ERROR_MESSAGES;

export const FINE_ERROR_CODES = Object.keys(FINE_ERROR_MESSAGES).map(Number) as FineErrorCode[];

/** Code 23 carries the registry's own reasons; the cashier needs to see them. */
export function fineErrorMessage(
  code: number,
  validationMessages?: readonly string[] | null,
): string {
  const base =
    (FINE_ERROR_MESSAGES as Record<number, string>)[code] ??
    `The fines registry refused this (code ${code}).`;
  if (code === 23 && validationMessages && validationMessages.length > 0) {
    return `${base} ${validationMessages.join(" ")}`;
  }
  return base;
}

/**
 * Kassa's errorNo catalogue for electricity, bills, merchant and VAS (docs/upstream-assumptions.md),
 * as said of a meter; `errorNoMessage` says it of an account or a mobile number where that is
 * what the cashier typed. Each says what happened and who acts next, once.
 */
export const ERROR_NO_MESSAGES = {
  1001: "This meter number is not known to the municipality.",
  1002: "The amount is below this meter's minimum. Enter a larger amount.",
  1003: "The amount is above this meter's maximum. Enter a smaller amount.",
  1004: "The core service does not take sales for this municipality. Call a supervisor.",
  1005: "The merchant balance is too low for this sale. Call a supervisor.",
  1006: "The core service refused the details of this sale as invalid. Check them and try again.",
  1007: "This meter is blocked. The customer must contact the municipality.",
  1101: "This product is no longer available. Refresh the catalogue and choose another.",
  1102: "The amount is outside this product's range. Enter an amount within it.",
  1103: "The quote expired. Get a new quote.",
  1104: "The core service refused this mobile number. Check it with the customer.",
} as const satisfies Record<number, string>;

/** What the cashier typed the sale for: a meter, an account or a mobile number. */
export type ErrorSubject = "meter" | "account" | "mobile";

export interface ErrorNoContext {
  /** 1001-1003 speak of what the screen asked for (a meter by default). */
  subject?: ErrorSubject;
  /** The meter's or account's range from confirm, when known, so 1002/1003 can name it. */
  limits?: AmountRange;
}

/** 1001, said of each subject. */
const NOT_KNOWN: Record<ErrorSubject, string> = {
  meter: ERROR_NO_MESSAGES[1001],
  account: "This account number is not known to the municipality.",
  mobile: "The core service does not know this mobile number. Check it with the customer.",
};

/** 1002 and 1003 said of an account, when its range is not known. */
const OUTSIDE_ACCOUNT = {
  1002: "The amount is below this account's minimum. Enter a larger amount.",
  1003: "The amount is above this account's maximum. Enter a smaller amount.",
} as const;

export function errorNoMessage(
  errorNo: number,
  upstreamMessage: string | null,
  context: ErrorNoContext = {},
): string {
  const subject = context.subject ?? "meter";
  if (errorNo === 1001) return NOT_KNOWN[subject];
  if ((errorNo === 1002 || errorNo === 1003) && subject !== "mobile") {
    const limits = context.limits;
    if (limits && (limits.minCents !== null || limits.maxCents !== null))
      return rangeMessage(limits, subject);
    return subject === "account" ? OUTSIDE_ACCOUNT[errorNo] : ERROR_NO_MESSAGES[errorNo];
  }
  const known = (ERROR_NO_MESSAGES as Record<number, string>)[errorNo];
  if (known) return known;
  // Unknown codes: the upstream's own words are the best a cashier can get.
  return upstreamMessage?.trim()
    ? upstreamMessage.trim()
    : `The core service refused this (code ${errorNo}). Call a supervisor if it happens again.`;
}

/** What went wrong in the transport, without what to do: that depends on whether the outcome is known. */
export const TRANSPORT_FACTS = {
  unauthorized: "The core service refused Kassa's API key.",
  unavailable: "The core service is not answering.",
  timeout: "The core service took too long to answer.",
  malformed: "The core service sent an answer Kassa cannot read.",
} as const;

/** Messages for failures that carry no upstream code: what happened, then who acts next. */
export const TRANSPORT_MESSAGES = {
  unauthorized: `${TRANSPORT_FACTS.unauthorized} Call a supervisor.`,
  unavailable: `${TRANSPORT_FACTS.unavailable} Try again in a minute.`,
  timeout: `${TRANSPORT_FACTS.timeout} Try again.`,
  malformed: `${TRANSPORT_FACTS.malformed} Call support.`,
  /** A money-moving call whose fate is unknown: selling again could charge the customer twice. */
  outcomeUnknown: "Not confirmed. Do not sell again: check the sale's status first.",
  /** The circuit breaker is open: nothing was sent, so nothing happened. */
  paused: "Core service not answering: sales paused. Try again in a minute.",
  misconfigured:
    "Kassa is set up to send a live key to a test address and refused. Call a supervisor.",
} as const;
