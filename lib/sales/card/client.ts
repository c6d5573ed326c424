/**
 * What the browser may read of card payments: constants and types, no server code. Server
 * code goes through index.ts.
 */
export type { CardPaymentView } from "./view";
export type { SettledSale } from "./outcome";
export type { CardFollowUps, PaidAfterCancelNotice } from "./follow-ups";
export { CARD_POLL_INTERVAL_MS, KIOSK_RECEIPT_PATH, KIOSK_RETURN_CHECKS } from "./outcome";
