import "server-only";
import type { OperationName } from "./operations";

export type UpstreamErrorKind =
  "unauthorized" | "rejected" | "unavailable" | "timeout" | "malformed";

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
}

/** The one error the upstream client throws. Its message is safe to log: no key, no body. */
export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly operation: OperationName;
  readonly cashierMessage: string;
  readonly outcomeKnown: boolean;
  readonly code?: number;
  readonly validationMessages?: string[];
  readonly status?: number;
  readonly detail?: string;

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
  return new UpstreamError({
    kind: error.kind,
    operation: error.operation,
    outcomeKnown: error.outcomeKnown,
    code: error.code,
    status: error.status,
    cashierMessage: redact(error.cashierMessage),
    validationMessages: error.validationMessages?.map(redact),
    detail: error.detail === undefined ? undefined : redact(error.detail),
  });
}
