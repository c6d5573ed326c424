"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { resolveSale, retryToResolve } from "@/lib/office/resolve";
import { checkOrderStatusFor } from "@/lib/office/order-status";
import { recheckUnknownFinesSale } from "@/lib/fines/resolve";
import { deliverPaidSale, refundPaidSaleOutside } from "@/lib/sales/card";
import { resolveSaleSchema, saleRefSchema } from "./schema";
import { refundOutsideSchema } from "./refund-schema";

export const retrySaleAction = staffAction(["supervisor"], saleRefSchema, async (input, staff) => {
  const result = await retryToResolve(staff, input.saleId);
  revalidatePath("/unresolved");
  return result;
});

export const checkSalePaymentAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => checkOrderStatusFor(input.saleId, actorOf(staff)),
);

export const recheckFinesAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => {
    const r = await recheckUnknownFinesSale(input.saleId, actorOf(staff));
    return { verdict: r.verdict, message: r.message };
  },
);

export const resolveSaleAction = staffAction(
  ["supervisor"],
  resolveSaleSchema,
  async (input, staff) => {
    const result = await resolveSale(staff, input.saleId, input.outcome, input.reason);
    revalidatePath("/unresolved");
    return result;
  },
);

/** Deliver a sale the customer paid for after the till stopped waiting: sent once, under its own key. */
export const deliverPaidSaleAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => {
    const result = await deliverPaidSale(staff, input.saleId);
    revalidatePath("/unresolved");
    return result;
  },
);

/** The customer of a paid-not-delivered sale was refunded outside Kassa (audited, with a reason). */
export const refundOutsideAction = staffAction(
  ["supervisor"],
  refundOutsideSchema,
  async (input, staff) => {
    const result = await refundPaidSaleOutside(staff, input.saleId, input.reason);
    revalidatePath("/unresolved");
    return result;
  },
);
