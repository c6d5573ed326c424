import "server-only";

/**
 * The typed client of the core service, and its one door: code outside lib/upstream imports
 * it from here (ESLint holds it). Browser code may import types only (`import type`), and a
 * component nothing at all: the types the till shares live in client-safe modules
 * (lib/slip/tokens.ts, lib/safe-url.ts, lib/ops/breaker-state.ts).
 */
export { confirmMeter, vendElectricity } from "@/lib/upstream/electricity";
export type { MeterCustomer } from "@/lib/upstream/electricity";
export { confirmAccount, payBill } from "@/lib/upstream/bills";
export { checkBalance } from "@/lib/upstream/merchant";
export type { MerchantBalance, ServiceBalance } from "@/lib/upstream/merchant";
export {
  findFinesByIdNumber,
  findFinesByNotice,
  findFinesByRegistration,
  markFinesPaid,
  validateFinePayment,
} from "@/lib/upstream/fines";
export type { Fine, FineLookup } from "@/lib/upstream/fines";
export { listProducts, purchaseVas, quoteVas } from "@/lib/upstream/vas";
export type { MobileNumberNeed, VasCategory, VasProduct } from "@/lib/upstream/vas";
export { createOrder } from "@/lib/upstream/orders";
export {
  checkOrderPaymentStatus,
  fetchLedger,
  PAYMENT_STATUSES,
} from "@/lib/upstream/reconciliation";
export type { Ledger, OrderPaymentStatus, PaymentStatus } from "@/lib/upstream/reconciliation";
export { isUpstreamError, UpstreamError } from "@/lib/upstream/errors";
export type { UpstreamErrorKind } from "@/lib/upstream/errors";
export { listenForRawAnswers } from "@/lib/upstream/raw-answers";
export { BACKOFF } from "@/lib/upstream/retry";
export { DEFAULT_MAX_ATTEMPTS } from "@/lib/upstream/http";
export { breakerState } from "@/lib/upstream/breaker";
