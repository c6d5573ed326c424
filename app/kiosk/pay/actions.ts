"use server";

import { staffAction } from "@/lib/auth/action";
import { findSale } from "@/lib/sales/journal";
import { issueReceiptTicket } from "@/lib/security/kiosk-receipt";
import { finishKioskCardPayment } from "@/lib/sales/card";
import { kioskCardFinishSchema } from "./schema";

/**
 * The return page's check: verify the status and send the sale only on PAID. A completed sale
 * comes with the one-time receipt link, the first time only (lib/security/kiosk-receipt.ts).
 */
export const finishKioskCardPaymentAction = staffAction(
  ["kiosk"],
  kioskCardFinishSchema,
  async ({ saleId, final }, staff) => {
    const view = await finishKioskCardPayment(saleId, staff, final);
    if (view.state !== "settled" || view.sale.status !== "completed")
      return { ...view, receiptTicket: null };
    const sale = await findSale(saleId);
    return { ...view, receiptTicket: sale ? await issueReceiptTicket(staff, sale) : null };
  },
);
