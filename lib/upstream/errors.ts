import "server-only";
import type { RawAnswer } from "@/lib/sales/types";
import type { OperationName } from "@/lib/upstream/operations";

export type UpstreamErrorKind =
  "unauthorized" | "rejected" | "unavailable" | "timeout" | "malformed";

/** Why a sale that got an answer still cannot be settled as completed. */
export type UnsettledReason = "tokens_incomplete" | "amount_mismatch";

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  operation: OperationName;
  cashierMessage: string;
  /**
   * False when the call may have done its work upstream (a vend, a payment, an
   * order) and the answer was lost: the sale must be checked before selling again.
   */
  outcomeKnown: boolean;
  code?: number;
  validationMessages?: string[];
  /** HTTP status, when an answer came back. */
  status?: number;
  /** Short, redacted technical detail for logs; never shown to the cashier. */
  detail?: string;
  /** The last answer received, when there was one (never logged: it may hold personal data). */
  raw?: RawAnswer;
  /** The circuit breaker is open: the request was not sent. */
  breakerOpen?: boolean;
  /** An answer came back but leaves the sale for a supervisor (tokens missing, totals differ). */
  reason?: UnsettledReason;
}

/** Marks an UpstreamError whichever copy of this module made it (see Symbol.hasInstance below). */
const UPSTREAM_ERROR = Symbol.for("kassa.UpstreamError");

/** The one error the upstream client throws. Its message is safe to log: no key, no body. */
export class UpstreamError extends Error {
  /**
   * `next start` loads this module once per bundle (pages, actions, route handlers) in one
   * process, and the process-wide circuit breaker keeps the check of whichever bundle made it:
   * a plain class check then fails on another bundle's errors, and the breaker never counted the
   * outages of the tills' actions. `instanceof` reads the mark instead of the class.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && UPSTREAM_ERROR in value;
  }
  readonly [UPSTREAM_ERROR] = true;
  readonly kind: UpstreamErrorKind;
  readonly operation: OperationName;
  readonly cashierMessage: string;
  readonly outcomeKnown: boolean;
  readonly code?: number;
  readonly validationMessages?: string[];
  readonly status?: number;
  readonly detail?: string;
  readonly raw?: RawAnswer;
  readonly breakerOpen?: boolean;
  readonly reason?: UnsettledReason;

  constructor(init: UpstreamErrorInit) {
    const code = init.code === undefined ? "" : ` code ${init.code}`;
    const status = init.status === undefined ? "" : ` http ${init.status}`;
    const detail = init.detail ? `: ${init.detail}` : "";
    super(`upstream ${init.operation} ${init.kind}${code}${status}${detail}`);
    this.name = "UpstreamError";
    this.kind = init.kind;
    this.operation = init.operation;
    this.cashierMessage = init.cashierMessage;
    this.outcomeKnown = init.outcomeKnown;
    this.code = init.code;
    this.validationMessages = init.validationMessages;
    this.status = init.status;
    this.detail = init.detail;
    this.raw = init.raw;
    this.breakerOpen = init.breakerOpen;
    this.reason = init.reason;
  }

  /** The same error with some of what it carries changed: the one way to copy one. */
  with(changes: Partial<UpstreamErrorInit>): UpstreamError {
    return new UpstreamError({
      kind: this.kind,
      operation: this.operation,
      cashierMessage: this.cashierMessage,
      outcomeKnown: this.outcomeKnown,
      code: this.code,
      validationMessages: this.validationMessages,
      status: this.status,
      detail: this.detail,
      raw: this.raw,
      breakerOpen: this.breakerOpen,
      reason: this.reason,
      ...changes,
    });
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/** The same error with a secret scrubbed from every text it carries (an upstream may echo the key back). */
export function redactUpstreamError(
  error: UpstreamError,
  redact: (text: string) => string,
): UpstreamError {
  return error.with({
    cashierMessage: redact(error.cashierMessage),
    validationMessages: error.validationMessages?.map(redact),
    detail: error.detail === undefined ? undefined : redact(error.detail),
    raw: error.raw && {
      ...error.raw,
      body: error.raw.body === null ? null : redact(error.raw.body),
    },
  });
}
