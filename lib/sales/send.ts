import "server-only";
import type { RawAnswer, Sale } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit";
import { ActionError, logUnexpected } from "@/lib/errors";
import { isDatabaseDown } from "@/lib/db/down";
import { admitSale } from "@/lib/lifecycle";
import { env } from "@/lib/env";
import { log, withLogContext } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { isUpstreamError, listenForRawAnswers, type UpstreamErrorKind } from "@/lib/upstream";
import { PROCESS_TAG } from "@/lib/db/presence";
import { db } from "@/lib/db";
import { claimAttempt, claimResend, findSale, isConnected, senderOf } from "./journal";
import { settleSent, type Outcome } from "./door";
import { kindOf } from "@/lib/kinds";
import type { NextStep } from "./sale-view";
import { appendToSpool } from "@/lib/sales/spool";
import { takeInSpoolSoon } from "./spool-intake";

/**
 * A sale as sendSale leaves it. `notRecorded`: the core service answered but the journal
 * could not be written; the answer waits in the spool and this object (not the journal)
 * carries it to the cashier.
 */
export type SentSale = Sale & { notRecorded?: true };

/** Why the sale is not confirmed, in one sentence (never "try again": the panel says what to do). */
const UNKNOWN_WHY: Record<UpstreamErrorKind | "internal", string> = {
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
function unknownMessage(
  sale: Pick<Sale, "kind" | "attempts">,
  why: keyof typeof UNKNOWN_WHY,
): string {
  const step = sale.attempts === 0 ? "supervisor" : kindOf(sale.kind).unknownStep;
  return `${UNKNOWN_WHY[why]} ${UNKNOWN_NEXT[step]}`;
}

function outcomeOf(claimed: Sale, error: unknown): Outcome {
  if (isUpstreamError(error)) {
    // Within this send, lib/upstream/http.ts already made any failure after an attempt that
    // may have gone through unknown (its `stillUnknown`, the one rule); what it cannot know is
    // an earlier send of this sale that ended unknown (claimed again for a retry).
    const known = error.outcomeKnown && claimed.attempts <= 1;
    if (known)
      return {
        status: "failed",
        error: { kind: error.kind, code: error.code, message: error.cashierMessage },
      };
    // A refusal after an attempt that may have gone through proves nothing: still unknown.
    const refused = error.outcomeKnown || error.kind === "rejected";
    return {
      status: "unknown",
      error: {
        kind: refused ? "refused_after_unknown" : error.kind,
        code: error.code,
        message: unknownMessage(claimed, refused ? "rejected" : error.kind),
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

/** Sales this process is sending right now (between its claim and the core service's answer). */
const g = globalThis as unknown as { kassaSending?: Set<string> };
const sending = (g.kassaSending ??= new Set<string>());

/**
 * A repeatable sale (its key is honoured by the core service) whose attempt belongs to a
 * process that is gone: killed between recording the sale and settling it, perhaps before
 * anything left. Sending it again under its key is always safe, so it is sent at once rather
 * than waiting for the sweep and a Retry. Also a sale the sweep already made unknown for
 * that reason. Returns undefined when the sale is not such a one (its sender is alive, this
 * process is sending it, or it is not repeatable).
 */
export async function resendIfSenderGone(sale: Sale, actor: Actor): Promise<SentSale | undefined> {
  if (!kindOf(sale.kind).repeatable || sale.attempts === 0) return undefined;
  if (sale.status === "unknown") {
    if (sale.resolvedAt || sale.error?.kind !== "interrupted") return undefined;
    return sendSale(sale.id, "retry", actor);
  }
  if (sale.status !== "pending" || sending.has(sale.id)) return undefined;
  const sender = await senderOf(sale.id);
  if (!sender) return undefined;
  // This process is not sending it (above), PGlite has one process only, and a PostgreSQL
  // instance that died has no connection left.
  const alive =
    sender !== PROCESS_TAG && env().databaseUrl !== undefined && (await isConnected(sender));
  if (alive) return undefined;
  // Like every send, admitted only while Kassa is not stopping.
  return admitSale(async () => {
    const claimed = await claimResend(sale, actor, sender);
    return claimed ? sendClaimedSale(claimed, actor) : undefined;
  }, refuseWhileStopping);
}
/** Refused while Kassa stops: the caller's own error, so a till shows it and keeps its key. */
export const refuseWhileStopping = (message: string) =>
  new ActionError(message, undefined, { code: "stopping" });

/**
 * Step 2 and 3 of the journal: claim the sale, call the core service with no database
 * transaction open, then settle it completed, failed (the core service said no) or
 * unknown (the answer was lost). `retry` is only for unknown sales of repeatable kinds,
 * repeated under their own idempotency key (its claim writes the `sale_retried` audit event
 * in the same statement). Returns the sale as it now stands. While Kassa stops it is refused
 * before the claim (nothing sent); once claimed, a stop waits for it to settle.
 */
export function sendSale(saleId: string, mode: "first" | "retry", actor: Actor): Promise<SentSale> {
  return admitSale(() => claimAndSend(saleId, mode, actor), refuseWhileStopping);
}

async function claimAndSend(
  saleId: string,
  mode: "first" | "retry",
  actor: Actor,
): Promise<SentSale> {
  const claimed = await claimAttempt(saleId, mode, actor);
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
export function sendClaimedSale(claimed: Sale, actor: Actor): Promise<SentSale> {
  // Every line logged while this sale is sent and settled names it.
  return withLogContext({ saleId: claimed.id }, async () => {
    const started = performance.now();
    const sent = await sendAndSettle(claimed, actor);
    noteSettled(sent, performance.now() - started);
    return sent;
  });
}

/** Counted by kind, method and status, and one log line (ids and outcome only, never the result). */
function noteSettled(sale: SentSale, durationMs: number): void {
  metrics().salesSettled.inc({ kind: sale.kind, method: sale.method, status: sale.status });
  log().info(
    {
      kind: sale.kind,
      method: sale.method,
      status: sale.status,
      attempts: sale.attempts,
      ...(sale.error ? { errorKind: sale.error.kind } : {}),
      ...(sale.notRecorded ? { spooled: true } : {}),
      durationMs: Math.round(durationMs),
    },
    "sale settled",
  );
}

async function sendAndSettle(claimed: Sale, actor: Actor): Promise<SentSale> {
  const saleId = claimed.id;
  const answers: RawAnswer[] = [];
  let outcome: Outcome;
  sending.add(saleId);
  try {
    const result = await listenForRawAnswers(answers, () => kindOf(claimed.kind).fulfil(claimed));
    outcome = { status: "completed", result };
  } catch (error) {
    outcome = outcomeOf(claimed, error);
  } finally {
    sending.delete(saleId);
  }
  try {
    // The door again: the core service's answer is proof, so a completed or failed answer
    // also settles a sale a sweep made unknown meanwhile (never one resolved or settled).
    const settled =
      (await settleSent(await db(), saleId, outcome, answers, { actor })) ??
      (await findSale(saleId));
    if (!settled) throw new Error(`no sale ${saleId}`);
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
