"use server";

import { staffAction } from "@/lib/auth/action";
import { finishKioskCardPayment, startKioskCardPayment } from "@/lib/sales/card";
import { kioskCardFinishSchema, kioskCardStartSchema } from "./schema";

/** For a client that prefers to navigate itself: open the order and get the hosted page's address. */
export const startKioskCardPaymentAction = staffAction(
  ["kiosk"],
  kioskCardStartSchema,
  async ({ saleId }, staff) => startKioskCardPayment(saleId, staff),
);

/** The return page's check: verify the status and send the sale only on PAID. */
export const finishKioskCardPaymentAction = staffAction(
  ["kiosk"],
  kioskCardFinishSchema,
  async ({ saleId, final }, staff) => finishKioskCardPayment(saleId, staff, final),
);
