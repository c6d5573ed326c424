/**
 * When to send a failed call again, and how long to wait. Pure, so the policy is
 * unit-tested without a network.
 */
import type { RetryPolicy } from "@/lib/upstream/operations";
import type { UpstreamErrorKind } from "@/lib/upstream/errors";

export interface RetryDecisionInput {
  policy: RetryPolicy;
  kind: UpstreamErrorKind;
  /** Whether this call carries the sale's idempotency key. */
  hasIdempotencyKey: boolean;
  /** Attempts made so far, counting the one that just failed. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Only transport trouble is worth repeating: a rejection or a bad key will answer
 * the same again, and a malformed answer is a contract problem, not a blip.
 */
export function shouldRetry(input: RetryDecisionInput): boolean {
  if (input.attempt >= input.maxAttempts) return false;
  if (input.kind !== "timeout" && input.kind !== "unavailable") return false;
  if (input.policy === "safe") return true;
  // A purchase may be repeated only because the upstream de-duplicates on the key.
  if (input.policy === "same-key") return input.hasIdempotencyKey;
  return false;
}

export const BACKOFF = { baseMs: 250, capMs: 2_000 } as const;

/**
 * Capped exponential backoff with "equal jitter": half the step is fixed so that a
 * retry never fires at once, half is random so that tills don't retry in step.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
