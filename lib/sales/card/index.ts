/**
 * Card payments through the core service's hosted checkout: the one door into this folder.
 * Only a verified PAID from checkOrderPaymentStatus ever sends a sale; a redirect never does.
 */
import "server-only";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import type { KioskLocale } from "@/lib/i18n/kiosk-messages";
import type { CardPaymentView } from "./view";
import { startCardPayment } from "./start";
import { checkCardPayment } from "./check";

export type { CardPaymentView } from "./view";
export type { NotPaidReason, SettledSale } from "./outcome";
export { awaitsCardCheck, notPaidReasonOf } from "./outcome";
export {
  cardOrdersNeedingRefund,
  markNeedsRefund,
  paidNotDelivered,
  paidNotDeliveredSql,
  waitingCardSales,
} from "./store";
export { peekCardPayment } from "./peek";
export { cardReturnUrls, startCardPayment } from "./start";
export { checkCardPayment, recheckBeforeResolving } from "./check";
export { refusalSaysNotFound, statusSaysNotFound } from "./status";
export { startCardFollower } from "./follow";
export {
  deliverAfterCancel,
  deliverPaidSale,
  owedBackAfterCancel,
  refundPaidSaleOutside,
} from "./late";
export { cardFollowUpsOf, type CardFollowUps, type PaidAfterCancelNotice } from "./follow-ups";
export { noteTillWaiting } from "./start";

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
  return checkCardPayment(saleId, staff, final ? "final" : "poll");
}
