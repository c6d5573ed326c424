/**
 * What a purchase action can answer, read in one place. The journal's refusals that the till
 * must treat differently from a plain error: a key that already belongs to another request
 * (a duplicated tab) and a repeat of the same sale within minutes (needs "Sell again").
 */
import type { ActionResult, EarlierSale } from "@/lib/errors";
import { KEY_REUSED_CODE } from "@/lib/sales/fingerprint";
import type { SaleView } from "@/lib/sales/sale-view";

export type { EarlierSale };

export type PurchaseAnswer = ActionResult<SaleView>;

export type Refusal =
  | { is: "key-reused"; message: string }
  | { is: "duplicate"; message: string; earlier: EarlierSale | null }
  | { is: "refused"; message: string; fieldErrors: Record<string, string> };

export function readRefusal(answer: Extract<PurchaseAnswer, { ok: false }>): Refusal {
  const fieldErrors = answer.fieldErrors ?? {};
  if (answer.code === KEY_REUSED_CODE || fieldErrors.idempotencyKey)
    return { is: "key-reused", message: answer.error };
  if (answer.duplicateOf)
    return { is: "duplicate", message: answer.error, earlier: answer.duplicateOf };
  return { is: "refused", message: answer.error, fieldErrors };
}
