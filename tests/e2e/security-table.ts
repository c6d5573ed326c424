/**
 * Every server action and route handler of Kassa, with the roles allowed to call it and a
 * plausible input. security-access.spec.ts proves that every other caller (no session, each
 * wrong role) is refused, and fails when the build holds an action or app/ holds a route
 * that is not listed here: a new action must be added with its roles.
 */
import { DEFAULT_MAPPING } from "@/lib/accounting/mapping";

export type Role = "cashier" | "supervisor" | "kiosk";

const SALE = "00000000-0000-4000-8000-000000000001";
const USER = "00000000-0000-4000-8000-000000000002";
const KEY = "00000000-0000-4000-8000-000000000003";
const NOTICE = { noticeNumber: "1234567890123", grossCents: 50_000 };
/** An override's confirmation (lib/auth/step-up.ts): the supervisor's password again. */
const CONFIRM = "supervisor-demo-1";

export const ACTIONS: Record<string, { roles: Role[]; input: unknown }> = {
  "app/(till)/bench/actions.ts#benchEmptyAction": { roles: ["cashier"], input: {} },
  "app/(till)/shift/actions.ts#openShiftAction": {
    roles: ["cashier"],
    input: { openingFloat: "500" },
  },
  "app/(till)/shift/actions.ts#closeShiftAction": {
    roles: ["cashier"],
    input: { shiftId: SALE, counts: { "10000": "1" } },
  },
  "app/(till)/shift/actions.ts#forceCloseShiftAction": {
    roles: ["supervisor"],
    input: {
      shiftId: SALE,
      counts: { "10000": "1" },
      reason: "Hand-over to the next cashier.",
      confirm: CONFIRM,
    },
  },
  "app/(office)/tills/actions.ts#enrolDeviceAction": {
    roles: ["supervisor"],
    input: { tillId: "no-such-till", confirm: CONFIRM },
  },
  "app/(office)/tills/actions.ts#revokeDeviceAction": {
    roles: ["supervisor"],
    input: { deviceId: KEY, confirm: CONFIRM },
  },
  "app/(office)/tills/actions.ts#closeKioskAction": {
    roles: ["supervisor"],
    input: { deviceId: KEY },
  },
  "app/kiosk/fines/receipt/[saleId]/actions.ts#openKioskReceiptAction": {
    roles: ["kiosk"],
    input: { saleId: SALE, ticket: "x".repeat(32) },
  },
  "app/(till)/electricity/actions.ts#confirmMeterAction": {
    roles: ["cashier"],
    input: { meterNumber: "01100000007", municipality: "tshwane_prepaid" },
  },
  "app/(till)/electricity/actions.ts#purchaseElectricityAction": {
    roles: ["cashier"],
    input: {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
      amount: "50",
      method: "cash",
      idempotencyKey: KEY,
    },
  },
  "app/(till)/bills/actions.ts#confirmAccountAction": {
    roles: ["cashier"],
    input: { accountNumber: "5000123456", municipality: "tshwane_postpaid" },
  },
  "app/(till)/bills/actions.ts#payBillAction": {
    roles: ["cashier"],
    input: {
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid",
      amount: "50",
      method: "cash",
      idempotencyKey: KEY,
    },
  },
  "app/(till)/fines/actions.ts#lookUpFinesAction": {
    roles: ["cashier"],
    input: { kind: "notice", value: NOTICE.noticeNumber },
  },
  "app/(till)/fines/actions.ts#payFinesAction": {
    roles: ["cashier"],
    input: {
      idempotencyKey: KEY,
      lookupKind: "notice",
      lookupValue: NOTICE.noticeNumber,
      method: "cash",
      fines: [NOTICE],
    },
  },
  "app/(till)/fines/actions.ts#recheckFinesSaleAction": {
    roles: ["cashier", "supervisor"],
    input: { saleId: SALE },
  },
  "lib/actions/sale.ts#retrySaleAction": { roles: ["cashier"], input: { saleId: SALE } },
  "lib/actions/sale.ts#putSlipAwayAction": {
    roles: ["cashier"],
    input: { saleId: SALE, reason: "customer_has_token" },
  },
  "lib/actions/card-payment.ts#startCardPaymentAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "lib/actions/card-payment.ts#pollCardPaymentAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "lib/actions/card-payment.ts#cancelCardPaymentAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "app/(till)/vas/actions.ts#getVasQuoteAction": {
    roles: ["cashier"],
    input: { productId: "VOD-AIR-29", mobileNumber: "0821234567" },
  },
  "app/(till)/vas/actions.ts#purchaseVasAction": {
    roles: ["cashier"],
    input: { idempotencyKey: KEY, quoteToken: "x".repeat(40), method: "cash" },
  },
  "app/(till)/vas/actions.ts#refreshVasCatalogueAction": { roles: ["cashier"], input: {} },
  "app/(office)/users/actions.ts#createUserAction": {
    roles: ["supervisor"],
    input: {
      username: "intruder",
      displayName: "Intruder",
      role: "supervisor",
      password: "a-long-password-1",
      confirm: CONFIRM,
    },
  },
  "app/(office)/users/actions.ts#resetPasswordAction": {
    roles: ["supervisor"],
    input: { userId: USER, password: "a-long-password-1", confirm: CONFIRM },
  },
  "app/(office)/users/actions.ts#unlockUserAction": {
    roles: ["supervisor"],
    input: { userId: USER },
  },
  "app/(office)/users/actions.ts#setDisabledAction": {
    roles: ["supervisor"],
    input: { userId: USER, disabled: true, confirm: CONFIRM },
  },
  "app/(office)/users/actions.ts#setRoleAction": {
    roles: ["supervisor"],
    input: { userId: USER, role: "cashier", confirm: CONFIRM },
  },
  "app/(office)/reconciliation/actions.ts#checkOrderStatusAction": {
    roles: ["supervisor"],
    input: { orderId: "ORD1" },
  },
  "app/(office)/balance/actions.ts#setLowBalanceAction": {
    roles: ["supervisor"],
    input: { threshold: "1" },
  },
  "app/(office)/balance/actions.ts#setRunwayWarnAction": {
    roles: ["supervisor"],
    input: { hours: "12" },
  },
  "app/(office)/commission/actions.ts#addRateAction": {
    roles: ["supervisor"],
    input: {
      kind: "vas",
      municipality: "",
      category: "airtime",
      productId: "",
      percent: "2.5",
      fixed: "",
      effectiveFrom: "",
    },
  },
  "app/(office)/commission/actions.ts#withdrawRateAction": {
    roles: ["supervisor"],
    input: { id: KEY },
  },
  "app/(office)/commission/actions.ts#statementAction": {
    roles: ["supervisor"],
    input: { month: "2026-10", stated: "1234.56" },
  },
  "app/(office)/mail/actions.ts#resendMailAction": { roles: ["supervisor"], input: { id: KEY } },
  "app/(office)/accounts/actions.ts#setAccountMappingAction": {
    roles: ["supervisor"],
    input: DEFAULT_MAPPING,
  },
  "app/(office)/unresolved/actions.ts#retrySaleAction": {
    roles: ["supervisor"],
    input: { saleId: SALE },
  },
  "app/(office)/unresolved/actions.ts#checkSalePaymentAction": {
    roles: ["supervisor"],
    input: { saleId: SALE },
  },
  "app/(office)/unresolved/actions.ts#recheckFinesAction": {
    roles: ["supervisor"],
    input: { saleId: SALE },
  },
  "app/(office)/tills/[id]/settings/actions.ts#openDrawerAction": {
    roles: ["supervisor"],
    input: { tillId: "till-3", reason: "Change for the float" },
  },
  "lib/actions/print.ts#printSlipAction": {
    roles: ["cashier"],
    input: { saleId: SALE, reprint: false },
  },
  "lib/actions/print.ts#printReportAction": {
    roles: ["cashier"],
    input: { shiftId: "current", reprint: false },
  },
  "lib/actions/print.ts#recordPrintOutcomeAction": {
    roles: ["cashier", "supervisor"],
    input: { jobId: SALE, state: "paper_out", drawerOpened: false },
  },
  "lib/actions/print.ts#printerStatusAction": { roles: ["cashier"], input: {} },
  "app/(account)/password/actions.ts#changeOwnPasswordAction": {
    roles: ["cashier", "supervisor"],
    input: {
      currentPassword: "cashier-demo-1",
      newPassword: "a-new-set-of-words",
      repeatPassword: "a-new-set-of-words",
    },
  },
  "app/(office)/tills/[id]/settings/actions.ts#saveTillSettingsAction": {
    roles: ["supervisor"],
    input: {
      tillId: "till-3",
      settings: {
        paperWidthMm: "80",
        autoPrint: true,
        printerConnection: "browser",
        printerHost: "",
        printerPort: "",
        printerAnswersStatus: true,
      },
      confirm: CONFIRM,
    },
  },
  "app/(till)/shift/cash/actions.ts#recordCashMovementAction": {
    roles: ["cashier"],
    input: { kind: "drop", amount: "1", reason: "To the safe" },
  },
  "lib/actions/scan.ts#knownMunicipalityAction": {
    roles: ["cashier"],
    input: { number: "01100000007" },
  },
  "app/(office)/unresolved/actions.ts#deliverPaidSaleAction": {
    roles: ["supervisor"],
    input: { saleId: SALE },
  },
  "app/(office)/unresolved/actions.ts#refundOutsideAction": {
    roles: ["supervisor"],
    input: { saleId: SALE, reason: "Refunded in cash at the counter.", confirm: CONFIRM },
  },
  "lib/actions/card-payment.ts#checkCardSaleAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "lib/actions/card-payment.ts#deliverAfterCancelAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "lib/actions/card-payment.ts#owedBackAfterCancelAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "app/(office)/unresolved/actions.ts#resolveSaleAction": {
    roles: ["supervisor"],
    input: {
      saleId: SALE,
      outcome: "completed",
      reason: "Checked with the core service by phone.",
      confirm: CONFIRM,
    },
  },
  "app/kiosk/actions.ts#kioskLookUpAction": {
    roles: ["kiosk"],
    input: { kind: "notice", value: NOTICE.noticeNumber },
  },
  "app/kiosk/actions.ts#kioskPayFinesAction": {
    roles: ["kiosk"],
    input: { kind: "notice", value: NOTICE.noticeNumber, idempotencyKey: KEY, fines: [NOTICE] },
  },
  "app/kiosk/pay/actions.ts#finishKioskCardPaymentAction": {
    roles: ["kiosk"],
    input: { saleId: SALE, final: true },
  },
  "app/(till)/care/actions.ts#careStepAction": {
    roles: ["cashier"],
    input: { saleId: SALE, code: "dddd" },
  },
  "app/(till)/care/actions.ts#confirmMeterForCareAction": {
    roles: ["cashier"],
    input: { saleId: SALE },
  },
  "app/(account)/authenticator/actions.ts#startTotpAction": { roles: ["supervisor"], input: {} },
  "app/(account)/authenticator/actions.ts#turnOnTotpAction": {
    roles: ["supervisor"],
    input: { code: "123456", confirm: CONFIRM },
  },
  "app/(account)/authenticator/actions.ts#turnOffTotpAction": {
    roles: ["supervisor"],
    input: { confirm: CONFIRM },
  },
  "lib/actions/send-tokens.ts#sendTokensAction": {
    roles: ["cashier", "supervisor"],
    input: { saleId: SALE, channel: "sms", address: "0825550100", consent: true },
  },
};

/**
 * Every route handler (app/**\/route.ts): the path and method to call, and who may call it.
 * `public` names why a handler is open to anyone.
 */
export const ROUTES: Record<
  string,
  { method: "GET" | "POST"; path: string; roles: Role[] } | { public: string }
> = {
  "app/api/auth/[...nextauth]/route.ts": {
    public: "next-auth's own sign-in, CSRF and sign-out endpoints: they serve signed-out visitors",
  },
  "app/api/health/route.ts": {
    public:
      "alive and ready for load balancers, `{ ready }` only; the detail (counts, breaker, build) to the metrics' reader, the breaker to a signed-in till",
  },
  "app/api/metrics/route.ts": {
    public:
      "Prometheus scrape: its own bearer token (KASSA_METRICS_TOKEN), else a loopback socket no proxy speaks for; no staff session",
  },
  "app/(office)/reconciliation/export/route.ts": {
    method: "GET",
    path: "/reconciliation/export",
    roles: ["supervisor"],
  },
  "app/api/merchant/balance/route.ts": {
    method: "GET",
    path: "/api/merchant/balance",
    roles: ["cashier", "supervisor"],
  },
  "app/api/sales/by-key/[key]/route.ts": {
    method: "GET",
    path: "/api/sales/by-key/00000000-0000-4000-8000-000000000000",
    roles: ["cashier"],
  },
  "app/api/sales/unseen/route.ts": { method: "GET", path: "/api/sales/unseen", roles: ["cashier"] },
  "app/(office)/reports/export/route.ts": {
    method: "GET",
    path: "/reports/export?period=day",
    roles: ["supervisor"],
  },
  "app/(office)/accounts/export/route.ts": {
    method: "GET",
    path: "/accounts/export?format=sage&period=day",
    roles: ["supervisor"],
  },
  "app/api/vas/catalogue/route.ts": {
    method: "GET",
    path: "/api/vas/catalogue",
    roles: ["cashier"],
  },
};

export const REFUSED = {
  signedOut: "Your session has ended. Sign in again.",
  wrongRole: "You are not allowed to do this.",
};

/**
 * The object rule (docs/architecture.md, "Who may see what"): every page and action that
 * takes an id, tried by the object's owner (a cashier), another cashier at the same till, a
 * cashier at another till, a supervisor and a kiosk. security-owner.spec.ts makes the objects
 * and walks this table. `allowed` lists who gets through; everyone else is refused and sees
 * nothing of the object.
 */
export type Caller = "owner" | "other" | "stranger" | "supervisor" | "kiosk";
export interface Objects {
  /** The owner's completed cash sale, its idempotency key, and the owner's waiting card sale. */
  cashSale: string;
  cashKey: string;
  cardSale: string;
  /** A kiosk customer's fines sale (card, waiting). */
  kioskSale: string;
  /** The owner's closed shift. */
  closedShift: string;
}

export const OWNER_PAGES: {
  name: string;
  path: (o: Objects) => string;
  marker: string;
  allowed: Caller[];
}[] = [
  // A colleague at the same till reprints the slip (always marked REPRINT, naming the owner);
  // a cashier at another till never sees it.
  {
    name: "slip",
    path: (o) => `/slips/${o.cashSale}`,
    marker: 'id="slip"',
    allowed: ["owner", "other"],
  },
  {
    name: "slip reprint",
    path: (o) => `/slips/${o.cashSale}?reprint=1`,
    marker: 'id="slip"',
    allowed: ["owner", "other"],
  },
  {
    name: "kiosk sale as a slip",
    path: (o) => `/slips/${o.kioskSale}`,
    marker: 'id="slip"',
    allowed: [],
  },
  {
    name: "office view of a sale",
    path: (o) => `/sales/${o.cashSale}`,
    marker: 'data-testid="sale-cashier"',
    allowed: ["supervisor"],
  },
  {
    name: "office view of a kiosk sale",
    path: (o) => `/sales/${o.kioskSale}`,
    marker: 'data-testid="sale-cashier"',
    allowed: ["supervisor"],
  },
  {
    name: "Z report",
    path: (o) => `/shift/z/${o.closedShift}`,
    marker: "Z report No.",
    allowed: ["owner"],
  },
  {
    name: "office shift report",
    path: (o) => `/shifts/${o.closedShift}`,
    marker: "Z report No.",
    allowed: ["supervisor"],
  },
  // A meter's story spans every till of the shop (90 days): any cashier at the counter helps.
  {
    name: "token not accepted",
    path: (o) => `/care?sale=${o.cashSale}`,
    marker: 'id="to-enter"',
    allowed: ["owner", "other", "stranger"],
  },
  {
    name: "tokens reprinted in order",
    path: (o) => `/care/print?sale=${o.cashSale}`,
    marker: 'id="slip"',
    allowed: ["owner", "other", "stranger"],
  },
  {
    name: "kiosk receipt without its one-time link",
    path: (o) => `/kiosk/fines/receipt/${o.kioskSale}`,
    marker: 'data-testid="fine-receipt"',
    allowed: [],
  },
];

export const OWNER_ACTIONS: {
  action: string;
  input: (o: Objects) => unknown;
  allowed: Caller[];
}[] = [
  {
    action: "lib/actions/sale.ts#retrySaleAction",
    input: (o) => ({ saleId: o.cashSale }),
    allowed: ["owner"],
  },
  // "Last sale went through" put away: only on the cashier's own sale, like the slip's own mark.
  {
    action: "lib/actions/sale.ts#putSlipAwayAction",
    input: (o) => ({ saleId: o.cashSale, reason: "keep_in_history" }),
    allowed: ["owner"],
  },
  {
    action: "app/(till)/fines/actions.ts#recheckFinesSaleAction",
    input: (o) => ({ saleId: o.kioskSale }),
    allowed: ["supervisor"],
  },
  {
    action: "lib/actions/card-payment.ts#pollCardPaymentAction",
    input: (o) => ({ saleId: o.cardSale }),
    allowed: ["owner"],
  },
  {
    action: "lib/actions/card-payment.ts#startCardPaymentAction",
    input: (o) => ({ saleId: o.cardSale }),
    allowed: ["owner"],
  },
  {
    action: "lib/actions/card-payment.ts#pollCardPaymentAction",
    input: (o) => ({ saleId: o.kioskSale }),
    allowed: [],
  },
  {
    action: "app/kiosk/pay/actions.ts#finishKioskCardPaymentAction",
    input: (o) => ({ saleId: o.cardSale, final: false }),
    allowed: [],
  },
  {
    action: "app/kiosk/pay/actions.ts#finishKioskCardPaymentAction",
    input: (o) => ({ saleId: o.kioskSale, final: false }),
    allowed: ["kiosk"],
  },
  // The slip page's rule: a colleague at the same till prints the reprint too (Till 1 prints
  // with the browser, so both get as far as that answer); a cashier at another till does not.
  {
    action: "lib/actions/print.ts#printSlipAction",
    input: (o) => ({ saleId: o.cashSale, reprint: false }),
    allowed: ["owner", "other"],
  },
  // An outcome is taken only for a job Kassa issued to the caller: a sale's id is no such job.
  {
    action: "lib/actions/print.ts#recordPrintOutcomeAction",
    input: (o) => ({ jobId: o.cashSale, state: "ready", drawerOpened: true }),
    allowed: [],
  },
  // The closed shift was at Till 2 and these callers are at Till 1: a Z report prints only at
  // its own till, for its own cashier (the pages' rows show it to that owner at Till 2).
  {
    action: "lib/actions/print.ts#printReportAction",
    input: (o) => ({ shiftId: o.closedShift, reprint: true }),
    allowed: [],
  },
  // A meter's story (and so its cases and its confirm) is open to every cashier of the shop.
  {
    action: "app/(till)/care/actions.ts#careStepAction",
    input: (o) => ({ saleId: o.cashSale, code: "dddd" }),
    allowed: ["owner", "other", "stranger"],
  },
  {
    action: "app/(till)/care/actions.ts#careStepAction",
    input: (o) => ({ saleId: o.kioskSale, code: "dddd" }),
    allowed: [],
  },
  // Sending goes with reprinting: the owner, a colleague at the same till, a supervisor.
  {
    action: "lib/actions/send-tokens.ts#sendTokensAction",
    input: (o) => ({ saleId: o.cashSale, channel: "sms", address: "0825550100", consent: true }),
    allowed: ["owner", "other", "supervisor"],
  },
  // A card payment made after its till cancelled is handled only at that till, by its cashier
  // (the owner is told this one is not waiting for delivery: it was never paid).
  {
    action: "lib/actions/card-payment.ts#deliverAfterCancelAction",
    input: (o) => ({ saleId: o.cardSale }),
    allowed: ["owner"],
  },
  {
    action: "lib/actions/card-payment.ts#owedBackAfterCancelAction",
    input: (o) => ({ saleId: o.cardSale }),
    allowed: ["owner"],
  },
  // Last: the owner's cancel settles the card sale (a colleague's cancel must not).
  {
    action: "lib/actions/card-payment.ts#cancelCardPaymentAction",
    input: (o) => ({ saleId: o.cardSale }),
    allowed: ["owner"],
  },
];

/** What a refusal of someone else's object says (never the object's data). */
export const NOT_YOURS = [
  REFUSED.wrongRole,
  "This sale is not one of yours.",
  "This shift is not one of yours.",
  "This card payment does not belong to this till.",
  "No such fines sale.",
  "Kassa did not send this print job, or what became of it is recorded already.",
];
