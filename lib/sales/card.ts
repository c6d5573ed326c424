/**
 * Card payments through the core service's hosted checkout (issue 4).
 *
 * CONTRACT for the flows that take card payments (electricity, bills, fines, VAS):
 * 1. The purchase action records the sale with `recordSale({... method: "card" ...})` and does
 *    NOT send it. Lines of the order come from `sale.request` (lib/sales/card-lines.ts):
 *    electricity `{meterNumber, municipality}`, bill `{accountNumber, municipality}`, fines
 *    `{fines: [{noticeNumber, grossCents}]}` (one line per notice; must add up to the sale's
 *    amount), VAS `{productId, productName?, category?, recipient?}`. Anything else still
 *    works as one line for the whole sale.
 * 2. Counter: render `<CardPayment saleId amountCents onSettled onNotPaid />`
 *    (components/card/card-payment.tsx). It calls the actions in lib/actions/card-payment.ts,
 *    which call `startCardPayment` and `checkCardPayment` below.
 *    - onSettled(sale): the payment was verified PAID and the sale was sent (sendSale); its
 *      status is completed, failed (then the order is listed for refund) or unknown (the
 *      kind's own recovery applies, e.g. electricity Retry under the same key).
 *      The payment could not be verified also ends in onSettled, with status `unknown`
 *      (error.kind "card_unverified", never sent, never retried: the money may or may not
 *      have been taken): the form shows the sale as not confirmed, not a fresh form.
 *    - onNotPaid(reason): nothing was sold. Declined, cancelled, not paid in time. The
 *      cashier may start a new sale (cash or card).
 * 3. Kiosk: from your action call `startKioskCardPayment(saleId, staff)` →
 *    `{ paymentPageUrl }` and send the kiosk's browser there (e.g. `redirect(paymentPageUrl)`).
 *    The checkout returns to /kiosk/pay/<saleId>/done (or /cancelled); that page verifies the
 *    status (polling briefly while PENDING), sends the sale only on PAID, then goes to
 *    `/kiosk/fines/receipt/<saleId>` (KIOSK_RECEIPT_PATH) when the sale completed. Not paid:
 *    a plain message and a way back to /kiosk.
 * 4. Every order is followed to its end after the till stops waiting (card-follow.ts). A PAID
 *    for a sale the till gave up on makes it "paid, not delivered" (card-store.ts
 *    `paidNotDelivered()`); the supervisor delivers it or records a refund (card-late.ts).
 *    `cardOrdersNeedingRefund()` lists paid orders whose sale then failed upstream.
 *    `peekCardPayment(saleId, actor)` re-checks an order without ever sending the sale.
 * A redirect to a return URL never releases anything: only checkOrderPaymentStatus = PAID does.
 */
import "server-only";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import type { KioskLocale } from "@/lib/i18n/kiosk-messages";
import type { CardPaymentView } from "./card-view";
import { startCardPayment } from "./card-start";
import { checkCardPayment } from "./card-check";

export type { CardPaymentView } from "./card-view";
export type { SettledSale } from "./card-outcome";
export { KIOSK_RECEIPT_PATH, CARD_TIME_LIMIT_MS } from "./card-outcome";
export { cardOrdersNeedingRefund } from "./card-store";
export { peekCardPayment } from "./card-peek";
export { cardReturnUrls, startCardPayment } from "./card-start";
export { checkCardPayment } from "./card-check";

/** The kiosk's start: the order for a recorded card sale of this kiosk, and where to send its browser. */
export async function startKioskCardPayment(
  saleId: string,
  staff: Staff,
  lang: KioskLocale = "en",
): Promise<{ paymentPageUrl: string }> {
  if (staff.role !== "kiosk") throw new ActionError("Only a kiosk pays through the redirect flow.");
  const view = await startCardPayment(saleId, staff, lang);
  if (view.state === "waiting") return { paymentPageUrl: view.paymentPageUrl };
  throw new ActionError(
    view.state === "not_paid" || view.state === "unverified"
      ? view.reason
      : "This sale is already settled.",
    undefined,
    { code: "card_not_started" },
  );
}

/** The kiosk's return page: verify, and send the sale only on PAID. `final` on its last check. */
export async function finishKioskCardPayment(
  saleId: string,
  staff: Staff,
  final: boolean,
): Promise<CardPaymentView> {
  if (staff.role !== "kiosk") throw new ActionError("Only a kiosk pays through the redirect flow.");
  return checkCardPayment(saleId, staff, final ? "final" : null);
}
