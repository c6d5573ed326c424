/**
 * Every operation of the core service interface (spec 1.1.0), by name, with its
 * path, envelope style and retry policy. Pure data: the client reads its paths
 * and retry rules from here, and a test fails when an operation listed here has
 * no integration test against the sandbox.
 */

/** Which envelope decoder reads the answer (see envelope.ts). */
export type EnvelopeStyle = "standard" | "fines" | "order" | "reconciliation";

/**
 * When a failed call may be sent again automatically:
 * - `safe`: reads and quotes; repeating them changes nothing upstream.
 * - `same-key`: a purchase the upstream de-duplicates on its `idempotency` value,
 *   so repeating it with the same key cannot vend twice.
 * - `never`: repeating could clear fines twice, sell a second voucher or open a
 *   second order; a person decides.
 */
export type RetryPolicy = "safe" | "same-key" | "never";

export interface OperationSpec {
  method: "GET" | "POST";
  path: string;
  envelope: EnvelopeStyle;
  retry: RetryPolicy;
  /** It creates or changes something upstream (a vend, a payment, an order): an unclear answer leaves its outcome unknown. */
  writes: boolean;
}

export const OPERATIONS = {
  "electricity.confirmCustomer": {
    method: "POST",
    path: "/v2/Electricity/ConfirmCustomer",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  "electricity.purchase": {
    method: "POST",
    path: "/v2/Electricity/Purchase",
    envelope: "standard",
    retry: "same-key",
    writes: true,
  },
  "bills.confirmCustomer": {
    method: "POST",
    path: "/v2/Bills/ConfirmCustomer",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  /**
   * An account's range (minLimit/maxLimit): the electricity confirm with the `_postpaid`
   * municipality, where the spec reports a customer's range; the Bills confirm shows none.
   */
  "bills.limits": {
    method: "POST",
    path: "/v2/Electricity/ConfirmCustomer",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  /**
   * A bill is paid through the electricity purchase with the `_postpaid` municipality:
   * the spec promises idempotency for that path only, so a lost answer can be retried
   * without paying twice. `/v2/Bills/Purchase` makes no such promise and Kassa never sends it.
   */
  "bills.purchase": {
    method: "POST",
    path: "/v2/Electricity/Purchase",
    envelope: "standard",
    retry: "same-key",
    writes: true,
  },
  "merchant.checkBalance": {
    method: "POST",
    path: "/v1/Merchant/CheckBalance",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  "fines.viewByIdNumber": {
    method: "POST",
    path: "/v1/TrafficFine/ViewByIDnumber",
    envelope: "fines",
    retry: "safe",
    writes: false,
  },
  "fines.viewByBusinessRegistration": {
    method: "POST",
    path: "/v1/TrafficFine/ViewByBusinessRegistration",
    envelope: "fines",
    retry: "safe",
    writes: false,
  },
  "fines.viewByNoticeNumber": {
    method: "POST",
    path: "/v1/TrafficFine/ViewByNoticeNumber",
    envelope: "fines",
    retry: "safe",
    writes: false,
  },
  "fines.validateMarkAsPaid": {
    method: "POST",
    path: "/v1/TrafficFine/ValidateMarkTrafficFinesAsPaid",
    envelope: "fines",
    retry: "safe",
    writes: false,
  },
  "fines.markAsPaid": {
    method: "POST",
    path: "/v1/TrafficFine/MarkTrafficFineAsPaid",
    envelope: "fines",
    retry: "never",
    writes: true,
  },
  "vas.products": {
    method: "GET",
    path: "/v1/VAS/Products",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  "vas.confirm": {
    method: "POST",
    path: "/v1/VAS/Confirm",
    envelope: "standard",
    retry: "safe",
    writes: false,
  },
  "vas.purchase": {
    method: "POST",
    path: "/v1/VAS/Purchase",
    envelope: "standard",
    retry: "never",
    writes: true,
  },
  "orders.putOrder": {
    method: "POST",
    path: "/v2/putOrder",
    envelope: "order",
    retry: "never",
    writes: true,
  },
  "reconciliation.endOfDayLedger": {
    method: "POST",
    path: "/v2/svcEndOfDayLedger",
    envelope: "reconciliation",
    retry: "safe",
    writes: false,
  },
  "reconciliation.checkOrderPaymentStatus": {
    method: "POST",
    path: "/v2/svcCheckOrderPaymentStatus",
    envelope: "reconciliation",
    retry: "safe",
    writes: false,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
