/** Every path the sandbox answers. API paths are relative to /api, as in the spec. */
import { billReceiptPage, confirmBill, purchaseBill } from "./bills";
import { checkoutAction, checkoutPage } from "./checkout";
import * as control from "./control";
import { confirmElectricity, purchaseElectricity } from "./electricity";
import {
  markFinesPaid,
  validateFinesPayment,
  viewByBusinessRegistration,
  viewByIdNumber,
  viewByNoticeNumber,
} from "./fines";
import type { Route } from "./http";
import { checkBalance } from "./merchant";
import { checkOrderStatus, putOrder } from "./orders";
import { endOfDayLedger } from "./reconciliation";
import { confirmVas, listProducts, purchaseVas } from "./vas";
import { clearSms, listSms, sendSms } from "./sms";
import type { Handler } from "./wire";

const api = (method: string, path: string, handler: Handler): Route => ({
  method,
  pattern: `/api${path}`,
  handler,
  api: true,
});
const web = (method: string, pattern: string, handler: Handler): Route => ({
  method,
  pattern,
  handler,
  api: false,
});

export const ROUTES: Route[] = [
  api("POST", "/v2/Electricity/ConfirmCustomer", confirmElectricity),
  api("POST", "/v2/Electricity/Purchase", purchaseElectricity),
  api("POST", "/v2/Bills/ConfirmCustomer", confirmBill),
  api("POST", "/v2/Bills/Purchase", purchaseBill),
  api("POST", "/v1/Merchant/CheckBalance", checkBalance),
  api("POST", "/v1/TrafficFine/ViewByIDnumber", viewByIdNumber),
  api("POST", "/v1/TrafficFine/ViewByBusinessRegistration", viewByBusinessRegistration),
  api("POST", "/v1/TrafficFine/ViewByNoticeNumber", viewByNoticeNumber),
  api("POST", "/v1/TrafficFine/ValidateMarkTrafficFinesAsPaid", validateFinesPayment),
  api("POST", "/v1/TrafficFine/MarkTrafficFineAsPaid", markFinesPaid),
  api("GET", "/v1/VAS/Products", listProducts),
  api("POST", "/v1/VAS/Confirm", confirmVas),
  api("POST", "/v1/VAS/Purchase", purchaseVas),
  api("POST", "/v2/putOrder", putOrder),
  api("POST", "/v1/putOrderV2", putOrder),
  api("POST", "/v2/svcEndOfDayLedger", endOfDayLedger),
  api("POST", "/v1/svcEndOfDayLedgerV2", endOfDayLedger),
  api("POST", "/v2/svcCheckOrderPaymentStatus", checkOrderStatus),
  api("POST", "/v1/svcCheckOrderPaymentStatusV2", checkOrderStatus),

  // The SMS gateway (its own key in Authorization; faults apply as on /api paths).
  { method: "POST", pattern: "/sms/v1/message", handler: sendSms, api: false, gateway: true },

  web("GET", "/checkout/:id", checkoutPage),
  web("POST", "/checkout/:id/:action", checkoutAction),
  web("GET", "/receipts/:id", billReceiptPage),

  web("GET", "/__sandbox/health", control.health),
  web("POST", "/__sandbox/reset", control.reset),
  web("GET", "/__sandbox/transactions", control.listTransactions),
  web("GET", "/__sandbox/requests", control.listRequests),
  web("GET", "/__sandbox/faults", control.listFaults),
  web("POST", "/__sandbox/faults", control.addFault),
  web("DELETE", "/__sandbox/faults", control.clearFaults),
  web("GET", "/__sandbox/dialects", control.listDialects),
  web("POST", "/__sandbox/dialects", control.setDialects),
  web("DELETE", "/__sandbox/dialects", control.clearDialects),
  web("GET", "/__sandbox/clock", control.health),
  web("POST", "/__sandbox/clock", control.setClock),
  web("POST", "/__sandbox/balance", control.setBalance),
  web("POST", "/__sandbox/ledger/transactions", control.ledgerAdd),
  web("POST", "/__sandbox/ledger/amend", control.ledgerAmend),
  web("POST", "/__sandbox/ledger/hide", control.ledgerHide),
  web("POST", "/__sandbox/ledger/verification-errors", control.ledgerVerificationError),
  web("POST", "/__sandbox/ledger/business-date", control.ledgerBusinessDate),
  web("GET", "/__sandbox/sms", listSms),
  web("DELETE", "/__sandbox/sms", clearSms),
  web("POST", "/__sandbox/meters/key-change", control.setKeyChange),
  web("GET", "/__sandbox/orders/:id", control.getOrder),
  web("POST", "/__sandbox/orders/:id/script", control.scriptOrder),
  web("POST", "/__sandbox/orders/:id/:action", control.actOnOrder),
];
