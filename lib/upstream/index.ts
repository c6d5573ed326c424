import "server-only";

/**
 * The typed client of the core service. Server code imports functions from here;
 * browser code may import types only (`import type`), or the pure modules
 * (messages, municipalities, tokens, operations) directly.
 */
export { confirmMeter, vendElectricity } from "./electricity";
export type {
  Charge,
  ElectricityVend,
  MeterCustomer,
  MeterDetails,
  VendInput,
} from "./electricity";
export { confirmAccount, payBill } from "./bills";
export type { BillAccount, BillPayment, PayBillInput } from "./bills";
export { checkBalance } from "./merchant";
export type { BalanceReceipt, MerchantBalance, ServiceBalance } from "./merchant";
export {
  findFinesByIdNumber,
  findFinesByNotice,
  findFinesByRegistration,
  markFinesPaid,
  validateFinePayment,
} from "./fines";
export type {
  Fine,
  FineLookup,
  FinePaymentCheck,
  FinePaymentInput,
  FinePaymentType,
  FinesPaid,
  PaidFine,
} from "./fines";
export { listProducts, purchaseVas, quoteVas } from "./vas";
export type {
  VasCategory,
  VasProduct,
  VasPurchaseInput,
  VasQuote,
  VasQuoteInput,
  VasSale,
} from "./vas";
export { createOrder } from "./orders";
export type { CardOrder, CardOrderInput, OrderLine } from "./orders";
export { checkOrderPaymentStatus, fetchLedger, PAYMENT_STATUSES } from "./reconciliation";
export type { Ledger, LedgerEntry, OrderPaymentStatus, PaymentStatus } from "./reconciliation";
export { isUpstreamError, UpstreamError } from "./errors";
export type { RawAnswer, UnsettledReason, UpstreamErrorKind } from "./errors";
export type { CallOptions, WithRaw } from "./http";
export { breakerState } from "./breaker";
export type { BreakerState } from "./breaker";
export type {
  Municipality,
  PaymentMethod,
  PostpaidMunicipality,
  PrepaidMunicipality,
} from "./municipalities";
export type { SlipToken, SlipTokenKind } from "./tokens";
export type { OperationName } from "./operations";
