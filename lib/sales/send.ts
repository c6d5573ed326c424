import "server-only";
import type { RawAnswer, Sale } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { isDatabaseDown, logUnexpected } from "@/lib/auth/action";
import { env } from "@/lib/env";
import { isUpstreamError } from "@/lib/upstream/errors";
import { listenForRawAnswers } from "@/lib/upstream/raw-answers";
import { claimAttempt, findSale, settleSale, type Outcome } from "./journal";
import { kindOf } from "./kinds";
import type { NextStep } from "./sale-view";
import { appendToSpool } from "./spool";
import { takeInSpoolSoon } from "./spool-intake";

/**
 * A sale as sendSale leaves it. `notRecorded`: the core service answered but the journal
 * could not be written; the answer waits in the spool and this object (not the journal)
 * carries it to the cashier.
 */
export type SentSale = Sale & { notRecorded?: true };

/** Why the sale is not confirmed, in one sentence (never "try again": the panel says what to do). */
const UNKNOWN_WHY: Record<string, string> = {
  timeout: "The core service took too long to answer, so this sale is not confirmed.",
  unavailable: "The connection to the core service broke during the sale, so it is not confirmed.",
  malformed: "The core service's answer could not be read, so this sale is not confirmed.",
  unauthorized:
    "The core service refused Kassa's key after the sale may have gone through, so it is not confirmed.",
  rejected:
    "An earlier attempt of this sale may have gone through and the core service refused the repeat, so it is not confirmed.",
  internal: "Kassa failed while sending this sale, so it is not confirmed.",
};

/** What the cashier does next, by the kind's "not confirmed" step. */
const UNKNOWN_NEXT: Record<NextStep, string> = {
  retry:
    "Do not take the customer's money again: press Retry, which repeats the same sale and can never sell it twice.",
  recheck_registry:
    "Do not take payment again: check with the registry; a fine just marked may take a minute to show as paid.",
  supervisor: "Do not sell it again: a supervisor checks it with the core service's records.",
};

/** The whole message of an unknown sale: why, then the one thing to do. */
function unknownMessage(sale: Pick<Sale, "kind" | "attempts">, why: string): string {
  const step = sale.attempts === 0 ? "supervisor" : kindOf(sale.kind).unknownStep;
  return `${UNKNOWN_WHY[why] ?? UNKNOWN_WHY.internal} ${UNKNOWN_NEXT[step]}`;
}

/**
 * An attempt may have reached the core service when an earlier send of this sale ended
 * unknown (claimed again for a retry), or an earlier automatic attempt within this send got
 * no answer (timeout, dropped connection) or a 5xx. After that, only proof settles the sale.
 */
function mayHaveReachedBefore(claimed: Sale, answers: RawAnswer[]): boolean {
  if (claimed.attempts > 1) return true;
  return answers
    .slice(0, -1)
    .some(
      (a) =>
        (a.status === null && a.failure !== "not_sent") || (a.status !== null && a.status >= 500),
    );
}

function outcomeOf(claimed: Sale, error: unknown, answers: RawAnswer[]): Outcome {
  if (isUpstreamError(error)) {
    const known = error.outcomeKnown && !mayHaveReachedBefore(claimed, answers);
    if (known)
      return {
        status: "failed",
        error: { kind: error.kind, code: error.code, message: error.cashierMessage },
      };
    // A refusal after an attempt that may have gone through proves nothing: still unknown.
    const why = error.outcomeKnown ? "rejected" : error.kind;
    return {
      status: "unknown",
      error: {
        kind: error.outcomeKnown ? "refused_after_unknown" : error.kind,
        code: error.code,
        message: unknownMessage(claimed, why),
      },
    };
  }
  // Not the core service's answer (a bug, the database): the call may have happened.
  logUnexpected("sale send failed", error);
  return {
    status: "unknown",
    error: { kind: "internal", message: unknownMessage(claimed, "internal") },
  };
}

/**
 * Step 2 and 3 of the journal: claim the sale, call the core service with no database
 * transaction open, then settle it completed, failed (the core service said no) or
 * unknown (the answer was lost). `retry` is only for unknown sales of repeatable kinds,
 * repeated under their own idempotency key (its claim writes the `sale_retried` audit event
 * in the same statement). Returns the sale as it now stands.
 */
export async function sendSale(
  saleId: string,
  mode: "first" | "retry",
  actor: Actor,
): Promise<SentSale> {
  const claimed = await claimAttempt(
    saleId,
    mode,
    mode === "retry" ? { actor, kind: "sale_retried", detail: {} } : undefined,
  );
  if (!claimed) {
    // Another request (a double click, another instance) has it, or it is already settled.
    const current = await findSale(saleId);
    if (!current) throw new Error(`no sale ${saleId}`);
    return current;
  }
  return sendClaimedSale(claimed, actor);
}

/**
 * Call the core service for a sale this caller has claimed (claimAttempt, or recordSale with
 * `claimed`), with no database transaction open, and settle it.
 */
export async function sendClaimedSale(claimed: Sale, actor: Actor): Promise<SentSale> {
  const saleId = claimed.id;
  const answers: RawAnswer[] = [];
  let outcome: Outcome;
  try {
    const result = await listenForRawAnswers(answers, () => kindOf(claimed.kind).fulfil(claimed));
    outcome = { status: "completed", result };
  } catch (error) {
    outcome = outcomeOf(claimed, error, answers);
  }
  try {
    const settled = await settleSale(saleId, outcome, answers, {
      actor,
      kind: "sale_settled",
      detail: {},
    });
    takeInSpoolSoon();
    return settled;
  } catch (error) {
    if (!isDatabaseDown(error)) throw error;
    // The core service answered and the journal is gone: keep the answer on disk, show it.
    appendToSpool(env().spoolDir, {
      saleId,
      at: new Date().toISOString(),
      outcome,
      rawAnswers: answers,
    });
    logUnexpected("sale settled into the spool (journal unreachable)", error);
    const now = new Date();
    return {
      ...claimed,
      status: outcome.status,
      result: outcome.status === "completed" ? outcome.result : null,
      error: outcome.status === "completed" ? null : outcome.error,
      rawAnswers: answers,
      settledAt: now,
      updatedAt: now,
      notRecorded: true,
    };
  }
}
