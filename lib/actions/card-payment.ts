"use server";

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
  async ({ saleId }, staff) => checkCardPayment(saleId, staff, null),
);

/** Cancel at the till: a last check decides, so a payment that just went through is still sold. */
export const cancelCardPaymentAction = staffAction(
  ["cashier"],
  cardPaymentSchema,
  async ({ saleId }, staff) => checkCardPayment(saleId, staff, "cancel"),
);
