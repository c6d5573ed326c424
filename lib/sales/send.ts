import "server-only";
import type { RawAnswer, Sale } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";
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

export const INTERNAL_UNKNOWN_MESSAGE =
  "Not confirmed: do not sell this again. A supervisor will check this sale.";
export const LATER_REFUSAL_MESSAGE =
  "Not confirmed: an earlier attempt of this sale may have gone through, and the core service refused the repeat. Do not sell this again; a supervisor checks it.";

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
    if (error.outcomeKnown && !known) {
      return {
        status: "unknown",
        error: {
          kind: "refused_after_unknown",
          code: error.code,
          message: `${LATER_REFUSAL_MESSAGE} (${error.cashierMessage})`,
        },
      };
    }
    return {
      status: known ? "failed" : "unknown",
      error: { kind: error.kind, code: error.code, message: error.cashierMessage },
    };
  }
  // Not the core service's answer (a bug, the database): the call may have happened.
  logUnexpected("sale send failed", error);
  return { status: "unknown", error: { kind: "internal", message: INTERNAL_UNKNOWN_MESSAGE } };
}

/**
 * Step 2 and 3 of the journal: claim the sale, call the core service with no database
 * transaction open, then settle it completed, failed (the core service said no) or
 * unknown (the answer was lost). `retry` is only for unknown sales of repeatable kinds,
 * repeated under their own idempotency key. Returns the sale as it now stands.
 */
export async function sendSale(
  saleId: string,
  mode: "first" | "retry",
  actor: Actor,
): Promise<SentSale> {
  const claimed = await claimAttempt(saleId, mode);
  if (!claimed) {
    // Another request (a double click, another instance) has it, or it is already settled.
    const current = await findSale(saleId);
    if (!current) throw new Error(`no sale ${saleId}`);
    return current;
  }
  if (mode === "retry") await audit(actor, "sale_retried", saleId, { attempt: claimed.attempts });
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
