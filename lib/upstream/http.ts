import "server-only";
import { env } from "@/lib/env";
import { looksLikeTestHost } from "@/lib/env-schema";
import { underBreaker } from "@/lib/upstream/breaker";
import type { RawAnswer } from "@/lib/sales/types";
import { redactUpstreamError, UpstreamError } from "@/lib/upstream/errors";
import { upstreamFailure, type WireAnswer } from "@/lib/upstream/envelope";
import { TRANSPORT_MESSAGES } from "@/lib/upstream/messages";
import { OPERATIONS, type OperationName } from "@/lib/upstream/operations";
import { backoffDelayMs, shouldRetry } from "@/lib/upstream/retry";
import { noteRawAnswer } from "@/lib/upstream/raw-answers";
import { log } from "@/lib/log";
import { noteUpstreamCall } from "@/lib/metrics";

/** Per-call overrides; the defaults come from the environment and the operation's retry policy. */
export interface CallOptions {
  timeoutMs?: number;
  /** Total attempts including the first; ignored (always 1) for operations that are never retried. */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

/** No answer body is read past this (1 MiB): a runaway answer must not fill the server's memory. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

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

/**
 * Why no answer came, as the raw answers keep it: the same label for the same failure
 * whatever the call (a status check's timeout is a timeout, as a purchase's is).
 */
type NoAnswer = "timeout" | "not_sent" | "connection";

function transportFailure(
  operation: OperationName,
  error: unknown,
  timeoutMs: number,
): { failure: UpstreamError; noAnswer: NoAnswer } {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    const detail = `no answer within ${timeoutMs}ms`;
    return { failure: upstreamFailure(operation, "timeout", { detail }), noAnswer: "timeout" };
  }
  const code = causeCode(error) ?? name;
  // Connection refused or unresolvable: nothing reached the service, so the outcome is known.
  const notSent = NOT_SENT_CODES.has(code);
  const failure = upstreamFailure(operation, "unavailable", {
    detail: `connection failed (${code || "unknown"})`,
    outcomeKnown: notSent ? true : undefined,
  });
  return { failure, noAnswer: notSent ? "not_sent" : "connection" };
}

async function sendOnce(
  operation: OperationName,
  body: unknown,
  timeoutMs: number,
): Promise<{ answer: WireAnswer; raw: RawAnswer }> {
  // The target was checked once for the whole call (callUpstream).
  const { upstreamUrl, apiKey } = env();
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
    const text = await readCapped(response, operation);
    // Kept with the sale: never with the key in it, even when the service echoes it.
    const raw = noteRawAnswer(operation, response.status, redactor(apiKey)(text));
    return { answer: { status: response.status, body: parseJson(text), text }, raw };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const { failure, noAnswer } = transportFailure(operation, error, timeoutMs);
    noteRawAnswer(operation, null, null, noAnswer);
    throw failure;
  }
}

/** The body as text, refusing to read more than MAX_ANSWER_BYTES (the answer is then `malformed`). */
async function readCapped(response: Response, operation: OperationName): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  const tooLarge = () => {
    // Kept with the sale as an answer that came and was not read (no body).
    noteRawAnswer(operation, response.status, null, "too_large");
    return upstreamFailure(operation, "malformed", {
      status: response.status,
      detail: `answer larger than ${MAX_ANSWER_BYTES} bytes; not read`,
    });
  };
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function withRawError(error: UpstreamError, raw: RawAnswer | undefined): UpstreamError {
  if (!raw || error.raw) return error;
  return error.with({ raw });
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

/**
 * The one rule for a sale's outcome across attempts: once an attempt of a write may have done
 * its work upstream (no answer, a 5xx, an unreadable answer), no later failure, a refusal
 * included, proves that nothing happened. lib/sales/send.ts adds only what this call cannot
 * know: an earlier send of the same sale.
 */
function stillUnknown(error: UpstreamError, mayHaveHappened: boolean): UpstreamError {
  if (!mayHaveHappened || !error.outcomeKnown) return error;
  return error.with({
    outcomeKnown: false,
    cashierMessage: `${error.cashierMessage} ${TRANSPORT_MESSAGES.outcomeUnknown}`,
    detail: `${error.detail ?? "failed"}; an earlier attempt may have gone through`,
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The one way Kassa talks to the core service: timeout, key, decode, and retry where the
 * operation allows it. Every answer, as received, goes to the sale it was for
 * (raw-answers.ts, kept in the journal by lib/sales/send.ts); a failure also carries the last
 * answer on the UpstreamError (`raw`) when one came back.
 */
export async function callUpstream<T>(call: UpstreamCall<T>): Promise<T> {
  const { operation } = call;
  const { upstreamTimeoutMs, apiKey, upstreamUrl, upstreamEnv } = env();
  const policy = OPERATIONS[operation].retry;
  const timeoutMs = call.options?.timeoutMs ?? upstreamTimeoutMs;
  const maxAttempts =
    policy === "never" ? 1 : Math.max(1, call.options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const redact = redactor(apiKey);
  // Once an attempt of a write may have gone through, no later answer short of a refusal undoes that.
  let mayHaveHappened = false;
  // Outside the breaker: a refusal to send is Kassa's configuration, not the service being down.
  assertSafeTarget(operation, upstreamEnv, upstreamUrl);
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    let raw: RawAnswer | undefined;
    try {
      const result = await underBreaker(operation, async () => {
        const sent = await sendOnce(operation, call.body, timeoutMs);
        raw = sent.raw;
        return decodeOrMalformed(call, sent.answer);
      });
      const durationMs = Date.now() - started;
      noteUpstreamCall(operation, "ok", durationMs);
      log()[attempt > 1 ? "info" : "debug"](
        { operation, attempt, durationMs, outcome: "ok" },
        "core service answered",
      );
      return result;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const safe = withRawError(
        stillUnknown(redactUpstreamError(error, redact), mayHaveHappened),
        raw,
      );
      mayHaveHappened ||= !safe.outcomeKnown;
      const retry =
        !safe.breakerOpen &&
        shouldRetry({
          policy,
          kind: safe.kind,
          hasIdempotencyKey: Boolean(call.idempotencyKey),
          attempt,
          maxAttempts,
        });
      const delay = retry ? backoffDelayMs(attempt) : 0;
      const durationMs = Date.now() - started;
      const outcome = safe.breakerOpen ? "paused" : safe.kind;
      noteUpstreamCall(operation, outcome, durationMs);
      log().warn(
        {
          operation,
          attempt,
          maxAttempts,
          durationMs,
          outcome,
          ...(safe.status !== undefined ? { status: safe.status } : {}),
          ...(safe.code !== undefined ? { code: safe.code } : {}),
          ...(retry ? { retryInMs: delay } : {}),
        },
        safe.message,
      );
      if (!retry) throw safe;
      await sleep(delay);
    }
  }
}
