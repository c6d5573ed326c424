import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { RawAnswer } from "@/lib/sales/types";

const listening = new AsyncLocalStorage<RawAnswer[]>();

/**
 * Runs `work` and hands back every answer the core service gave during it, as received
 * (status and the whole body text: the transport reads at most MAX_ANSWER_BYTES, 1 MiB, and
 * notes a longer one as `too_large` with no body), and every attempt that got no answer. The
 * journal keeps them with the sale (lib/sales/send.ts, lib/sales/journal.ts `keepingRawAnswers`).
 */
export function listenForRawAnswers<T>(answers: RawAnswer[], work: () => Promise<T>): Promise<T> {
  return listening.run(answers, work);
}

/**
 * Called by the transport (lib/upstream/http.ts) for each attempt: the one place a RawAnswer is
 * made. Returns it, so a failure can carry the same answer (UpstreamError's `raw`).
 */
export function noteRawAnswer(
  operation: string,
  status: number | null,
  body: string | null,
  failure?: string,
): RawAnswer {
  const answer: RawAnswer = {
    operation,
    at: new Date().toISOString(),
    status,
    body,
    ...(failure ? { failure } : {}),
  };
  listening.getStore()?.push(answer);
  return answer;
}
