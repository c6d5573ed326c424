"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { confirmStepUp } from "@/lib/auth/step-up";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { resolveSale, retryToResolve } from "@/lib/office/resolve";
import { checkOrderStatusFor } from "@/lib/office/order-status";
import { recheckUnknownFinesSale } from "@/lib/kinds/fines/resolve";
import { deliverPaidSale, refundPaidSaleOutside } from "@/lib/sales/card";
import { resolveSaleSchema, saleRefSchema } from "./schema";
import { refundOutsideSchema } from "./refund-schema";

/** Each of these may call the core service: under the supervisor's own limit. */
const officeCall = (staff: Staff, what: string) =>
  limitOrRefuse("officeCall", staff.userId, actorOf(staff), what);

export const retrySaleAction = staffAction(["supervisor"], saleRefSchema, async (input, staff) => {
  await officeCall(staff, "sale_retry");
  const result = await retryToResolve(staff, input.saleId);
  revalidatePath("/unresolved");
  return result;
});

export const checkSalePaymentAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => {
    await officeCall(staff, "order_status");
    return checkOrderStatusFor(input.saleId, actorOf(staff));
  },
);

export const recheckFinesAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => {
    await officeCall(staff, "fines_recheck");
    const r = await recheckUnknownFinesSale(input.saleId, actorOf(staff));
    return { verdict: r.verdict, message: r.message };
  },
);

export const resolveSaleAction = staffAction(
  ["supervisor"],
  resolveSaleSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "resolve");
    // A card sale is asked about once more before it is settled by hand.
    await officeCall(staff, "resolve");
    const result = await resolveSale(approved, input.saleId, input.outcome, input.reason);
    revalidatePath("/unresolved");
    return result;
  },
);

/** Deliver a sale the customer paid for after the till stopped waiting: sent once, under its own key. */
export const deliverPaidSaleAction = staffAction(
  ["supervisor"],
  saleRefSchema,
  async (input, staff) => {
    await officeCall(staff, "deliver_paid");
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
    const approved = await confirmStepUp(staff, input.confirm, "refund_outside");
    const result = await refundPaidSaleOutside(approved, input.saleId, input.reason);
    revalidatePath("/unresolved");
    return result;
  },
);
