import "server-only";
import { env } from "../env";
import { looksLikeTestHost } from "../env-schema";
import { redactUpstreamError, UpstreamError } from "./errors";
import { upstreamFailure, type WireAnswer } from "./envelope";
import { TRANSPORT_MESSAGES } from "./messages";
import { OPERATIONS, type OperationName } from "./operations";
import { backoffDelayMs, shouldRetry } from "./retry";
import { noteRawAnswer } from "./raw-answers";

/** Per-call overrides; the defaults come from the environment and the operation's retry policy. */
export interface CallOptions {
  timeoutMs?: number;
  /** Total attempts including the first; ignored (always 1) for operations that are never retried. */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

interface UpstreamCall<T> {
  operation: OperationName;
  body?: unknown;
  /** The sale's key; a `same-key` operation is retried only when it is present. */
  idempotencyKey?: string;
  decode: (answer: WireAnswer) => T;
  options?: CallOptions;
}

/** Errors from connecting: the request never left, so even a purchase did not happen. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** A live key must never reach a test address; the env schema refuses it at start and this refuses it per call. */
export function assertSafeTarget(
  operation: OperationName,
  upstreamEnv: string,
  upstreamUrl: string,
): void {
  if (upstreamEnv === "live" && looksLikeTestHost(new URL(upstreamUrl).hostname)) {
    throw new UpstreamError({
      kind: "unavailable",
      operation,
      outcomeKnown: true,
      cashierMessage: TRANSPORT_MESSAGES.misconfigured,
      detail: "live environment pointed at a test host; request not sent",
    });
  }
}

export function redactor(secret: string): (text: string) => string {
  return (text) => (secret ? text.split(secret).join("[redacted]") : text);
}

function causeCode(error: unknown): string | undefined {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function transportFailure(
  operation: OperationName,
  error: unknown,
  timeoutMs: number,
): UpstreamError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return upstreamFailure(operation, "timeout", { detail: `no answer within ${timeoutMs}ms` });
  }
  const code = causeCode(error) ?? name;
  // Connection refused or unresolvable: nothing reached the service, so the outcome is known.
  const outcomeKnown = NOT_SENT_CODES.has(code) ? true : undefined;
  return upstreamFailure(operation, "unavailable", {
    detail: `connection failed (${code || "unknown"})`,
    outcomeKnown,
  });
}

async function sendOnce(
  operation: OperationName,
  body: unknown,
  timeoutMs: number,
): Promise<WireAnswer> {
  const { upstreamUrl, apiKey, upstreamEnv } = env();
  assertSafeTarget(operation, upstreamEnv, upstreamUrl);
  const spec = OPERATIONS[operation];
  try {
    const response = await fetch(`${upstreamUrl}${spec.path}`, {
      method: spec.method,
      headers: {
        "X-API-KEY": apiKey,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The whole exchange, body included, lives under one deadline.
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
      // A redirect could carry the key to another host; treat it as an odd answer instead.
      redirect: "manual",
    });
    const text = await response.text();
    noteRawAnswer(operation, response.status, text);
    return { status: response.status, body: parseJson(text) };
  } catch (error) {
    const failure = transportFailure(operation, error, timeoutMs);
    noteRawAnswer(
      operation,
      null,
      null,
      failure.outcomeKnown ? "not_sent" : failure.kind === "timeout" ? "timeout" : "connection",
    );
    throw failure;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Decoding includes the mapping into Kassa's terms. A bug there after a vend went
 * through must not read as "the sale failed", so it becomes `malformed`, whose
 * outcome is unknown for a purchase.
 */
function decodeOrMalformed<T>(call: UpstreamCall<T>, answer: WireAnswer): T {
  try {
    return call.decode(answer);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const reason = error instanceof Error ? error.message : "unknown";
    throw upstreamFailure(call.operation, "malformed", {
      status: answer.status,
      detail: `could not read the answer (${reason})`,
    });
  }
}

function stillUnknown(error: UpstreamError, mayHaveHappened: boolean): UpstreamError {
  if (!mayHaveHappened || !error.outcomeKnown || error.kind === "rejected") return error;
  return upstreamFailure(error.operation, error.kind, {
    status: error.status,
    code: error.code,
    cashierMessage: error.cashierMessage,
    validationMessages: error.validationMessages,
    detail: `${error.detail ?? "failed"}; an earlier attempt may have gone through`,
    outcomeKnown: false,
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The one way Kassa talks to the core service: timeout, key, decode, and retry where the operation allows it. */
export async function callUpstream<T>(call: UpstreamCall<T>): Promise<T> {
  const { operation } = call;
  const { upstreamTimeoutMs, apiKey } = env();
  const policy = OPERATIONS[operation].retry;
  const timeoutMs = call.options?.timeoutMs ?? upstreamTimeoutMs;
  const maxAttempts =
    policy === "never" ? 1 : Math.max(1, call.options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const redact = redactor(apiKey);
  // Once an attempt of a write may have gone through, no later answer short of a refusal undoes that.
  let mayHaveHappened = false;
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    try {
      const result = decodeOrMalformed(call, await sendOnce(operation, call.body, timeoutMs));
      if (attempt > 1)
        console.info(
          redact(`[upstream] ${operation} ok on attempt ${attempt} (${Date.now() - started}ms)`),
        );
      return result;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const safe = stillUnknown(redactUpstreamError(error, redact), mayHaveHappened);
      mayHaveHappened ||= !safe.outcomeKnown;
      const retry = shouldRetry({
        policy,
        kind: safe.kind,
        hasIdempotencyKey: Boolean(call.idempotencyKey),
        attempt,
        maxAttempts,
      });
      const delay = retry ? backoffDelayMs(attempt) : 0;
      const next = retry ? `, retry in ${delay}ms` : "";
      console.warn(
        `${safe.message} (attempt ${attempt}/${maxAttempts}, ${Date.now() - started}ms${next})`,
      );
      if (!retry) throw safe;
      await sleep(delay);
    }
  }
}
