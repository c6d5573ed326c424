"use server";

import { revalidatePath } from "next/cache";
import QRCode from "qrcode";
import { staffAction } from "@/lib/auth/action";
import {
  deliverAfterCancel,
  owedBackAfterCancel,
  startCardPayment,
  type CardPaymentView,
} from "@/lib/sales/card";
import { checkCardPaymentLimited } from "@/lib/security/card-checks";
import { cardPaymentSchema } from "./card-payment-schema";

/** The waiting view plus the QR code of the payment page, drawn on the server as SVG. */
export type CounterCardView =
  CardPaymentView | (Extract<CardPaymentView, { state: "waiting" }> & { qrSvg: string });

/** Open the hosted-checkout order for a recorded card sale (once; a re-render gets the same order). */
export const startCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff): Promise<CounterCardView> => {
    const view = await startCardPayment(saleId, staff);
    if (view.state !== "waiting") return view;
    const qrSvg = await QRCode.toString(view.paymentPageUrl, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    return { ...view, qrSvg };
  },
);

/** One verified status check (one in flight per sale, at the till's pace); PAID sends the sale. */
export const pollCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => checkCardPaymentLimited(saleId, staff, "poll"),
);

/** Cancel at the till: a last check decides, so a payment that just went through is still sold. */
export const cancelCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => checkCardPaymentLimited(saleId, staff, "cancel"),
);

/**
 * "Check payment" on a card sale whose payment screen was left (History, the till's notice):
 * the cashier is back on it, so it settles: PAID sends it, not paid fails it, a payment made
 * after the till gave up is listed as paid, not delivered.
 */
export const checkCardSaleAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => {
    const view = await checkCardPaymentLimited(saleId, staff, "recheck");
    revalidatePath("/", "layout");
    return view;
  },
);

/**
 * The customer's phone paid after this till cancelled, and the customer is still here: the
 * sale goes through once (never when the same thing was sold again since).
 */
export const deliverAfterCancelAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => {
    const delivered = await deliverAfterCancel(staff, saleId);
    revalidatePath("/", "layout");
    return delivered;
  },
);

/** The phone paid after this till cancelled, and the customer was served another way or left: owed back. */
export const owedBackAfterCancelAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => {
    const owed = await owedBackAfterCancel(staff, saleId);
    revalidatePath("/", "layout");
    return owed;
  },
);
