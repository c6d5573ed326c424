import "server-only";
import { env } from "@/lib/env";
import { BACKOFF, DEFAULT_MAX_ATTEMPTS } from "@/lib/upstream";

/**
 * The longest the server may take to answer a purchase: every attempt's timeout and the
 * backoffs between them. The till waits this long (plus a margin) before it stops waiting
 * for the answer and asks the journal by key instead.
 */
export function saleAnswerLimitMs(): number {
  const attempts = DEFAULT_MAX_ATTEMPTS;
  return env().upstreamTimeoutMs * attempts + BACKOFF.capMs * (attempts - 1);
}
