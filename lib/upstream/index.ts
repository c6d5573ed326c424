import "server-only";

/**
 * The typed client of the core service, and its one door: code outside lib/upstream imports
 * it from here (ESLint holds it). Browser code may import types only (`import type`), and a
 * component nothing at all: the types the till shares live in client-safe modules
 * (lib/slip/tokens.ts, lib/safe-url.ts, lib/ops/breaker-state.ts).
 */
export { checkBalance, type MerchantBalance, type ServiceBalance } from "@/lib/upstream/merchant";
export { createOrder } from "@/lib/upstream/orders";
export {
  checkOrderPaymentStatus,
  fetchLedger,
  PAYMENT_STATUSES,
  type Ledger,
  type OrderPaymentStatus,
  type PaymentStatus,
} from "@/lib/upstream/reconciliation";
export { isUpstreamError, UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
export { listenForRawAnswers } from "@/lib/upstream/raw-answers";
export { BACKOFF } from "@/lib/upstream/retry";
export { breakerState } from "@/lib/upstream/breaker";

// What a kind's own client (lib/kinds/<kind>/upstream.ts and wire.ts) is written with: the
// one transport, the envelopes, the Purchase operation electricity and bills share, tokens,
// and the wire's number and text shapes (rands to cents only here).
export { callUpstream, DEFAULT_MAX_ATTEMPTS, type CallOptions } from "@/lib/upstream/http";
export {
  decodeConfirmed,
  decodeFines,
  decodeStandard,
  upstreamFailure,
  type WireAnswer,
} from "@/lib/upstream/envelope";
export type { OperationName } from "@/lib/upstream/operations";
export { callPurchase, purchaseMessages } from "@/lib/upstream/purchase";
export {
  confirmCustomerWire,
  purchaseResultWire,
  voucherTokenWire,
} from "@/lib/upstream/purchase-wire";
export { orderSlipTokens, tokensFromPrintable } from "@/lib/upstream/tokens";
export {
  cents,
  centsOrNull,
  dateFromMs,
  soft,
  toWireRands,
  wireInt,
  wireInt64,
  wireRands,
  wireSuccess,
  wireText,
} from "@/lib/upstream/wire-common";
