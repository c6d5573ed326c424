import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { RawAnswer } from "@/lib/db/schema";

/** Longest body kept per answer: enough for tokens, PINs and registry numbers, never megabytes. */
const RAW_BODY_LIMIT = 8_000;

const listening = new AsyncLocalStorage<RawAnswer[]>();

/**
 * Runs `work` and hands back every answer the core service gave during it, as received
 * (status and body text), and every attempt that got no answer. The journal keeps them
 * with the sale (lib/sales/send.ts).
 */
export function listenForRawAnswers<T>(answers: RawAnswer[], work: () => Promise<T>): Promise<T> {
  return listening.run(answers, work);
}

/** Called by the transport (lib/upstream/http.ts) for each attempt. */
export function noteRawAnswer(
  operation: string,
  status: number | null,
  body: string | null,
  failure?: string,
): void {
  const answers = listening.getStore();
  if (!answers) return;
  answers.push({
    operation,
    at: new Date().toISOString(),
    status,
    body: body === null ? null : body.slice(0, RAW_BODY_LIMIT),
    ...(failure ? { failure } : {}),
  });
}
