import "server-only";

/**
 * The typed client of the core service. Server code imports functions from here;
 * browser code may import types only (`import type`), or the pure modules
 * (messages, municipalities, tokens, operations) directly.
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
export type { VasProduct } from "@/lib/upstream/vas";
export { createOrder } from "@/lib/upstream/orders";
export {
  checkOrderPaymentStatus,
  fetchLedger,
  PAYMENT_STATUSES,
} from "@/lib/upstream/reconciliation";
export type { Ledger, OrderPaymentStatus, PaymentStatus } from "@/lib/upstream/reconciliation";
export { isUpstreamError, UpstreamError } from "@/lib/upstream/errors";
export { breakerState } from "@/lib/upstream/breaker";
