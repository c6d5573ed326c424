/**
 * What a cashier reads when the core service says no. Pure (no server import) so
 * that screens can show the same words; the client fills `cashierMessage` from here.
 */
import { formatRand, type Cents } from "@/lib/money";

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

/** Kassa's errorNo catalogue for electricity, bills, merchant and VAS (docs/upstream-assumptions.md). */
export const ERROR_NO_MESSAGES = {
  1001: "This meter number is not known to the municipality.",
  1002: "The amount is below this meter's minimum.",
  1003: "The amount is above this meter's maximum.",
  1004: "This municipality is not supported.",
  1005: "The merchant balance is too low for this sale. Call a supervisor.",
  1006: "The request was refused as invalid.",
  1007: "This meter is blocked. The customer must contact the municipality.",
  1101: "This product is no longer available.",
  1102: "The amount is outside this product's range.",
  1103: "The quote expired. Get a new quote.",
  1104: "The mobile number was refused.",
} as const satisfies Record<number, string>;

export interface ErrorNoContext {
  /** 1001 speaks of an account rather than a meter on the bills screens. */
  subject?: "meter" | "account";
  /** The meter's range from confirm, when known, so 1002/1003 can name the limit. */
  limits?: { minCents: Cents | null; maxCents: Cents | null };
}

export function errorNoMessage(
  errorNo: number,
  upstreamMessage: string | null,
  context: ErrorNoContext = {},
): string {
  if (errorNo === 1001 && context.subject === "account")
    return "This account number is not known to the municipality.";
  const limit =
    errorNo === 1002
      ? context.limits?.minCents
      : errorNo === 1003
        ? context.limits?.maxCents
        : null;
  if (limit != null) {
    const side = errorNo === 1002 ? "below this meter's minimum" : "above this meter's maximum";
    return `The amount is ${side} of ${formatRand(limit)}.`;
  }
  const known = (ERROR_NO_MESSAGES as Record<number, string>)[errorNo];
  if (known) return known;
  // Unknown codes: the upstream's own words are the best a cashier can get.
  return upstreamMessage?.trim()
    ? upstreamMessage.trim()
    : `The sale was refused (code ${errorNo}).`;
}

/** Messages for failures that carry no upstream code. */
export const TRANSPORT_MESSAGES = {
  unauthorized: "The core service refused Kassa's API key. Call a supervisor.",
  unavailable: "The core service is not answering. Try again in a minute.",
  timeout: "The core service took too long to answer. Try again.",
  malformed: "The core service sent an answer Kassa cannot read. Call support.",
  /** A money-moving call whose fate is unknown: selling again could charge the customer twice. */
  outcomeUnknown: "Not confirmed. Do not sell again: check the sale's status first.",
  /** The circuit breaker is open: nothing was sent, so nothing happened. */
  paused: "Core service not answering: sales paused. Try again in a minute.",
  misconfigured:
    "Kassa is set up to send a live key to a test address and refused. Call a supervisor.",
} as const;
