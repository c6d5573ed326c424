import "server-only";
import {
  CircuitState,
  circuitBreaker,
  ConsecutiveBreaker,
  handleWhen,
  isBrokenCircuitError,
  type CircuitBreakerPolicy,
} from "cockatiel";
import { env } from "@/lib/env";
import { UpstreamError } from "@/lib/upstream/errors";
import { TRANSPORT_MESSAGES } from "@/lib/upstream/messages";
import type { OperationName } from "@/lib/upstream/operations";
import { log } from "@/lib/log";
import type { BreakerState } from "@/lib/ops/breaker-state";

/**
 * One circuit breaker (cockatiel) for the whole core service, per process. After
 * `breakerFailures` unavailable or timeout answers in a row it opens: every call fails
 * at once with "sales paused" instead of each till waiting out timeout × retries.
 * After `breakerProbeMs` one call is let through as a probe; its success closes the
 * breaker, its failure opens it again. Refusals and odd answers are answers: they
 * count as the service being up.
 */

interface Held {
  key: string;
  policy: CircuitBreakerPolicy;
}

const store = globalThis as unknown as { __kassaUpstreamBreaker?: Held };

function isOutage(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    !error.breakerOpen &&
    (error.kind === "unavailable" || error.kind === "timeout")
  );
}

function breaker(): CircuitBreakerPolicy {
  const { breakerFailures, breakerProbeMs } = env();
  const key = `${breakerFailures}:${breakerProbeMs}`;
  const held = store.__kassaUpstreamBreaker;
  if (held?.key === key) return held.policy;
  const policy = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: breakerProbeMs,
    breaker: new ConsecutiveBreaker(breakerFailures),
  });
  policy.onBreak(() => log().warn({ breaker: "open" }, "core service not answering: sales paused"));
  policy.onReset(() =>
    log().info({ breaker: "closed" }, "core service answering again: sales resumed"),
  );
  store.__kassaUpstreamBreaker = { key, policy };
  return policy;
}

export function breakerState(): BreakerState {
  const state = breaker().state;
  if (state === CircuitState.Closed) return "closed";
  return state === CircuitState.HalfOpen ? "probing" : "open";
}

/** Runs one attempt under the breaker; an open breaker is an UpstreamError that says the request was not sent. */
export async function underBreaker<T>(
  operation: OperationName,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    // A refusal or an odd answer is still an answer: it goes through the breaker as a
    // success (resetting the count of outages in a row) and is thrown again after.
    const outcome = await breaker().execute(async () => {
      try {
        return { value: await attempt() };
      } catch (error) {
        if (isOutage(error)) throw error;
        return { error };
      }
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  } catch (error) {
    // Also an IsolatedCircuitError; by its mark, as the policy may be another bundle's.
    if (isBrokenCircuitError(error)) {
      throw new UpstreamError({
        kind: "unavailable",
        operation,
        outcomeKnown: true,
        breakerOpen: true,
        cashierMessage: TRANSPORT_MESSAGES.paused,
        detail: "circuit open; request not sent",
      });
    }
    throw error;
  }
}
