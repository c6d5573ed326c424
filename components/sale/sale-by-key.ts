/**
 * The till asks the journal, never decides alone: what happened to the sale under a key,
 * and what a key stored at this browser turned into (after a lost answer, a reload, a new tab).
 */
import type { QueryClient } from "@tanstack/react-query";
import type { SaleView } from "@/lib/sales/sale-view";
import { markUnsent, rememberUnseen, renewKey, type KeyEntry, type SaleForm } from "./sale-store";

/** Keys whose Purchase is on its way in this tab right now: nobody else reports on them. */
export const inFlight = new Set<string>();

/** The journal's sale under this key (only the cashier's own), null when there is none. Throws when unreachable. */
export async function askJournal(key: string): Promise<SaleView | null> {
  const response = await fetch(`/api/sales/by-key/${encodeURIComponent(key)}`, {
    cache: "no-store",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`journal answered ${response.status}`);
  const body = (await response.json()) as { sale: SaleView | null };
  return body.sale;
}

/** The journal's sale is still being sent (and waits for no card): ask again. */
class NotSettled extends Error {}

/**
 * Ask until the sale is no longer being sent or `forMs` has passed, react-query's retries
 * doing the asking again. A network failure counts as "no answer yet" and is asked again:
 * the point is to show what happened, not to give up.
 */
export async function askUntilSettled(
  queryClient: QueryClient,
  key: string,
  forMs: number,
  everyMs = 700,
): Promise<SaleView | null | "unreachable"> {
  const until = Date.now() + forMs;
  let last: SaleView | null | "unreachable" = "unreachable";
  try {
    return await queryClient.fetchQuery({
      queryKey: ["sale-by-key", key],
      queryFn: async () => {
        const sale = await askJournal(key);
        last = sale;
        if (sale?.status === "pending" && !sale.awaitingCard) throw new NotSettled();
        return sale;
      },
      retry: () => Date.now() < until,
      retryDelay: everyMs,
      // Asked afresh every time, and also when the browser believes it is offline.
      staleTime: 0,
      gcTime: 0,
      networkMode: "always",
    });
  } catch {
    return last;
  }
}

/**
 * What a key stored at this browser became. A completed sale goes to the unseen list (the
 * banner offers its slip) and a failed one frees the form; both give the form a new key.
 * Unknown or still pending: returned, the key stays until it settles.
 */
export async function reconcileEntry(
  cashierId: string,
  form: SaleForm,
  entry: KeyEntry,
  answerLimitMs: number,
): Promise<SaleView | null> {
  if (inFlight.has(entry.key)) return null;
  const sale = await askJournal(entry.key);
  if (!sale) {
    // Never reached the journal, and too long ago to be on its way: the key is free again.
    if (entry.sentAt && Date.now() - entry.sentAt > answerLimitMs)
      markUnsent(cashierId, form, entry.key);
    return null;
  }
  if (sale.status === "completed") {
    rememberUnseen(cashierId, sale);
    renewKey(cashierId, form, entry.key);
  } else if (sale.status === "failed") {
    renewKey(cashierId, form, entry.key);
  }
  return sale;
}
