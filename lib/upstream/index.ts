import "server-only";

/**
 * The typed client of the core service. Server code imports functions from here;
 * browser code may import types only (`import type`), or the pure modules
 * (messages, municipalities, tokens, operations) directly.
 */
export { confirmMeter, vendElectricity } from "./electricity";
export type { MeterCustomer } from "./electricity";
export { confirmAccount, payBill } from "./bills";
export { checkBalance } from "./merchant";
export type { MerchantBalance, ServiceBalance } from "./merchant";
export {
  findFinesByIdNumber,
  findFinesByNotice,
  findFinesByRegistration,
  markFinesPaid,
  validateFinePayment,
} from "./fines";
export type { Fine, FineLookup } from "./fines";
export { listProducts, purchaseVas, quoteVas } from "./vas";
export type { VasProduct } from "./vas";
export { createOrder } from "./orders";
export { checkOrderPaymentStatus, fetchLedger, PAYMENT_STATUSES } from "./reconciliation";
export type { Ledger, PaymentStatus } from "./reconciliation";
export { isUpstreamError, UpstreamError } from "./errors";
export { breakerState } from "./breaker";
