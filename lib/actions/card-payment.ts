"use server";

import { revalidatePath } from "next/cache";
import QRCode from "qrcode";
import { staffAction } from "@/lib/auth/action";
import { checkCardPayment, startCardPayment, type CardPaymentView } from "@/lib/sales/card";
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

/** One verified status check; PAID sends the sale on the server. */
export const pollCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => checkCardPayment(saleId, staff, "poll"),
);

/** Cancel at the till: a last check decides, so a payment that just went through is still sold. */
export const cancelCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => checkCardPayment(saleId, staff, "cancel"),
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
    const view = await checkCardPayment(saleId, staff, "recheck");
    revalidatePath("/", "layout");
    return view;
  },
);
