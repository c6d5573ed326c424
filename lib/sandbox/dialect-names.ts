/** The dialects the sandbox can speak (dialects.ts rewrites its answers into each); imports nothing, so the state can name them. */
export const DIALECTS = [
  /** Electricity purchase: tokens only in the printable `token` text (no details.voucher.token). */
  "printable-tokens",
  /** Token kinds named KC / BSST / CREDIT instead of KCT / FBE / STD. */
  "token-kinds",
  /** Every number inside `data`/`result` (and errorNo) sent as a string. */
  "string-numbers",
  /** `success` as 1 / 0 instead of true / false. */
  "success-one",
  /** VAS: only the fields the spec names (products, quotes; a purchase with only pin and instructions). */
  "minimal-vas",
  /** /v2/Bills/Purchase: the `idempotency` value is ignored, every request pays again. */
  "bills-no-idempotency",
  /** A refusal (success false) answered with HTTP 500 instead of 400. */
  "refusal-500",
  /** Order status PAID, but for R 1.00 more than the order's total. */
  "paid-mismatch",
  /** Every JSON answer carries a `remarks` field of 20,000 characters the spec does not name. */
  "long-answers",
  /** Order status: orders are known only by the orderId putOrder returned, not by the merchant's order.id. */
  "gateway-order-ids",
] as const;

export type Dialect = (typeof DIALECTS)[number];
