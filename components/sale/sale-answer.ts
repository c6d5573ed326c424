/**
 * What a purchase action can answer, read in one place. The journal's refusals that the till
 * must treat differently from a plain error: a key that already belongs to another request
 * (a duplicated tab) and a repeat of the same sale within minutes (needs "Sell again").
 */
import type { SaleView } from "@/lib/sales/sale-view";

/** What the same thing sold a moment ago looked like, for the "Sell again" question. */
export type EarlierSale = Pick<SaleView, "id" | "amountCents" | "reference"> & {
  createdAt?: string;
};

/** The journal's refusal of a key that already belongs to a different request. */
const KEY_REUSED = /already used for a different sale/i;

export type PurchaseAnswer =
  | { ok: true; data: SaleView }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; duplicateOf?: EarlierSale };

export type Refusal =
  | { is: "key-reused"; message: string }
  | { is: "duplicate"; message: string; earlier: EarlierSale | null }
  | { is: "refused"; message: string; fieldErrors: Record<string, string> };

export function readRefusal(answer: Extract<PurchaseAnswer, { ok: false }>): Refusal {
  const fieldErrors = answer.fieldErrors ?? {};
  if (KEY_REUSED.test(answer.error) || fieldErrors.idempotencyKey)
    return { is: "key-reused", message: answer.error };
  if (answer.duplicateOf)
    return { is: "duplicate", message: answer.error, earlier: answer.duplicateOf };
  return { is: "refused", message: answer.error, fieldErrors };
}
