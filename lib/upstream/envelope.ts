import "server-only";
import { z } from "zod";
import type { RawAnswer } from "@/lib/sales/types";
import { UpstreamError, type UnsettledReason, type UpstreamErrorKind } from "@/lib/upstream/errors";
import {
  errorNoMessage,
  fineErrorMessage,
  TRANSPORT_FACTS,
  TRANSPORT_MESSAGES,
  type ErrorNoContext,
} from "@/lib/upstream/messages";
import { OPERATIONS, type OperationName } from "@/lib/upstream/operations";
import { wireInt, wireRands, wireSuccess } from "@/lib/upstream/wire-common";

/**
 * The spec's three envelope styles (plus putOrder's own error form), decoded here
 * and nowhere else. Each decoder returns the payload or throws UpstreamError.
 */

/** What came back over HTTP; `body` is undefined when the text was not JSON. */
export interface WireAnswer {
  status: number;
  body: unknown;
  /** The body as received (capped at 1 MiB), kept with the sale. */
  text?: string;
}

/** Builds the error, deciding whether the outcome is known from the operation and the kind. */
export function upstreamFailure(
  operation: OperationName,
  kind: UpstreamErrorKind,
  extra: {
    status?: number;
    code?: number;
    cashierMessage?: string;
    validationMessages?: string[];
    detail?: string;
    outcomeKnown?: boolean;
    raw?: RawAnswer;
    breakerOpen?: boolean;
    reason?: UnsettledReason;
  } = {},
): UpstreamError {
  const writes = OPERATIONS[operation].writes;
  // A refusal means nothing happened; anything murkier on a write may have happened.
  const outcomeKnown =
    extra.outcomeKnown ?? (!writes || kind === "rejected" || kind === "unauthorized");
  // Unknown outcome: what happened, then the one instruction that fits (never "try again" too).
  const what =
    extra.cashierMessage ??
    (kind === "rejected" ? "The core service refused this." : TRANSPORT_FACTS[kind]);
  const cashierMessage = !outcomeKnown
    ? `${what} ${TRANSPORT_MESSAGES.outcomeUnknown}`
    : (extra.cashierMessage ?? (kind === "rejected" ? what : TRANSPORT_MESSAGES[kind]));
  return new UpstreamError({ ...extra, kind, operation, cashierMessage, outcomeKnown });
}

function parseOrMalformed<S extends z.ZodType>(
  operation: OperationName,
  schema: S,
  value: unknown,
  status: number,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // Name the first bad field only: the body itself may hold personal data.
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join(".") || "(body)"} ${issue.message}` : "schema mismatch";
  throw upstreamFailure(operation, "malformed", { status, detail: where });
}

/** Statuses every style treats alike, before looking at the body. */
function checkTransport(operation: OperationName, answer: WireAnswer): void {
  if (answer.status === 401 || answer.status === 403)
    throw upstreamFailure(operation, "unauthorized", { status: answer.status });
}

function isErrorBodyStatus(status: number): boolean {
  return status === 400 || status === 403 || status === 404 || status === 500;
}

function noBody(operation: OperationName, answer: WireAnswer): UpstreamError {
  return answer.status >= 500
    ? upstreamFailure(operation, "unavailable", { status: answer.status })
    : upstreamFailure(operation, "malformed", {
        status: answer.status,
        detail: "not the expected envelope",
      });
}

const standardEnvelope = z.object({
  success: wireSuccess,
  data: z.unknown(),
  error: z.string().nullish().catch(null),
  errorNo: wireInt.nullish().catch(null),
});

/** Electricity, bills, merchant and VAS: `{success, data, error: "<code> - <message>", errorNo}`. */
export function decodeStandard<S extends z.ZodType>(
  operation: OperationName,
  answer: WireAnswer,
  data: S,
  context?: ErrorNoContext,
): z.output<S> {
  checkTransport(operation, answer);
  const envelope = standardEnvelope.safeParse(answer.body);
  // A 5xx is trouble unless it carries a refusal envelope: then the service said no, clearly.
  const isRefusal =
    envelope.success &&
    !envelope.data.success &&
    (envelope.data.errorNo != null || Boolean(envelope.data.error?.trim()));
  if (answer.status >= 500 && !isRefusal)
    throw upstreamFailure(operation, "unavailable", { status: answer.status });
  if (!envelope.success) throw noBody(operation, answer);
  const { success, error, errorNo } = envelope.data;
  if (success && answer.status < 300)
    return parseOrMalformed(operation, data, envelope.data.data, answer.status);
  if (success) throw noBody(operation, answer);
  const match = /^\s*(\d+)\s*-\s*([\s\S]*)$/.exec(error ?? "");
  const code = errorNo ?? (match ? Number(match[1]) : undefined);
  const upstreamText = match ? (match[2] ?? null) : (error ?? null);
  return throwRejected(
    operation,
    answer.status,
    code,
    code === undefined
      ? (upstreamText ?? "The core service refused this.")
      : errorNoMessage(code, upstreamText, context),
  );
}

/**
 * A confirm's customer (electricity and bills): `exists: false`, or no customer, is the same
 * refusal as errorNo 1001 (Kassa asked for 1001 on unknown meters and accounts).
 */
export function decodeConfirmed<S extends z.ZodType<{ exists: boolean; customer?: unknown }>>(
  operation: OperationName,
  answer: WireAnswer,
  data: S,
  context?: ErrorNoContext,
): NonNullable<z.output<S>["customer"]> {
  const result = decodeStandard(operation, answer, data, context);
  if (!result.exists || !result.customer)
    throwRejected(operation, answer.status, 1001, errorNoMessage(1001, null, context));
  return result.customer as NonNullable<z.output<S>["customer"]>;
}

function throwRejected(
  operation: OperationName,
  status: number,
  code: number | undefined,
  cashierMessage: string,
): never {
  throw upstreamFailure(operation, "rejected", { status, code, cashierMessage });
}

const fineError = z.object({
  code: wireInt,
  message: z.string().nullish().catch(null),
  validationMessage: z.array(z.string()).nullish().catch(null),
});

const finesEnvelope = z.object({
  success: wireSuccess,
  result: z.unknown(),
  error: fineError.nullish(),
  reference: z.string().nullish().catch(null),
  amntProposed: wireRands.nullish().catch(null),
});

export interface FinesAnswer<T> {
  result: T;
  reference: string | null;
  amntProposed: number | null;
}

/** Traffic fines: `success` 1/0, `result`, `error: {code, message, validationMessage}`. */
export function decodeFines<S extends z.ZodType>(
  operation: OperationName,
  answer: WireAnswer,
  result: S,
): FinesAnswer<z.output<S>> {
  checkTransport(operation, answer);
  const envelope = finesEnvelope.safeParse(answer.body);
  if (!envelope.success) throw noBody(operation, answer);
  const { success, error, reference, amntProposed } = envelope.data;
  if (success && answer.status < 300) {
    return {
      result: parseOrMalformed(operation, result, envelope.data.result, answer.status),
      reference: reference ?? null,
      amntProposed: amntProposed ?? null,
    };
  }
  if (!error) throw noBody(operation, answer);
  const validationMessages = error.validationMessage ?? undefined;
  const cashierMessage = fineErrorMessage(error.code, validationMessages);
  const extra = { status: answer.status, code: error.code, cashierMessage, validationMessages };
  if (error.code === 1) throw upstreamFailure(operation, "unauthorized", extra);
  // Code 2 is "unavailable, retry"; code 3 is a service fault that may have struck mid-way.
  // Any other code is a refusal, even on a 5xx: the registry said no, clearly.
  if (error.code === 2 || error.code === 3) throw upstreamFailure(operation, "unavailable", extra);
  throw upstreamFailure(operation, "rejected", extra);
}

const orderError = z.object({ success: z.literal(false), message: z.string().nullish() });

/** putOrder: the result object on 200, `{success:false, message}` on 400 (Kassa's choice). */
export function decodeOrder<S extends z.ZodType>(
  operation: OperationName,
  answer: WireAnswer,
  result: S,
): z.output<S> {
  checkTransport(operation, answer);
  if (answer.status >= 500)
    throw upstreamFailure(operation, "unavailable", { status: answer.status });
  if (answer.status < 300) {
    if (answer.body === undefined) throw noBody(operation, answer);
    return parseOrMalformed(operation, result, answer.body, answer.status);
  }
  const refused = orderError.safeParse(answer.body);
  if (!refused.success) throw noBody(operation, answer);
  throwRejected(
    operation,
    answer.status,
    undefined,
    refused.data.message?.trim() || "The card order was refused.",
  );
}

/** `status` is 404 in Kassa's sandbox, "NOT_FOUND" at other gateways; `data` an object or a bare message. */
const wrapper = z.object({
  status: z.union([z.number().int(), z.string()]),
  data: z.unknown(),
});
const verificationErrors = z.object({
  verificationErrors: z.array(z.object({ message: z.string() })).nullish(),
});
const messageOnly = z.object({ message: z.string() });

/** Reconciliation: the object itself on 200/500, `{status, data}` around it on 400/404. */
export function unwrapReconciliation(body: unknown): unknown {
  const wrapped = wrapper.safeParse(body);
  if (!wrapped.success || "success" in (body as object)) return body;
  return wrapped.data.data ?? body;
}

/** Every message a reconciliation error body carries, wrapped or not, so none is lost. */
export function reconciliationMessages(body: unknown): string[] {
  const inner = unwrapReconciliation(body);
  if (typeof inner === "string" && inner.trim()) return [inner.trim()];
  const reasons = verificationErrors.safeParse(inner);
  const listed = reasons.success
    ? (reasons.data.verificationErrors ?? []).map((e) => e.message)
    : [];
  if (listed.length > 0) return listed;
  const own = messageOnly.safeParse(inner);
  if (own.success && own.data.message.trim()) return [own.data.message.trim()];
  const outer = messageOnly.safeParse(body);
  if (outer.success && outer.data.message.trim()) return [outer.data.message.trim()];
  const wrapped = wrapper.safeParse(body);
  return wrapped.success && typeof wrapped.data.status === "string" ? [wrapped.data.status] : [];
}

/**
 * `errorBodiesAreResults`: the order-status error body (VERIFICATION_ERROR) is an
 * answer about the order, not a failed call; the ledger has no such reading.
 */
export function decodeReconciliation<S extends z.ZodType>(
  operation: OperationName,
  answer: WireAnswer,
  result: S,
  errorBodiesAreResults: boolean,
): z.output<S> {
  const body = unwrapReconciliation(answer.body);
  if (answer.status < 300 || (errorBodiesAreResults && isErrorBodyStatus(answer.status))) {
    const parsed = result.safeParse(body);
    if (parsed.success) return parsed.data;
    if (answer.status < 300) return parseOrMalformed(operation, result, body, answer.status);
  }
  // Checked after the body: the order-status endpoint answers 403 with a VERIFICATION_ERROR body.
  checkTransport(operation, answer);
  if (body === undefined) throw noBody(operation, answer);
  const validationMessages = reconciliationMessages(answer.body);
  const kind = answer.status >= 500 ? "unavailable" : "rejected";
  const cashierMessage = validationMessages.length > 0 ? validationMessages.join(" ") : undefined;
  throw upstreamFailure(operation, kind, {
    status: answer.status,
    cashierMessage,
    validationMessages,
  });
}
