"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { finesSlipData, type FinesSlipData } from "@/lib/fines/slip-data";
import { openReceipt } from "@/lib/security/kiosk-receipt";

export interface KioskReceiptData {
  slip: FinesSlipData;
  settledAt: string;
}

/** Open a kiosk receipt through its one-time link: same kiosk session, once, within minutes; else nothing. */
export const openKioskReceiptAction = staffAction(
  ["kiosk"],
  z.object({ saleId: z.uuid(), ticket: z.string().min(20).max(100) }),
  async (input, staff): Promise<KioskReceiptData | null> => {
    const sale = await openReceipt(staff, input.saleId, input.ticket);
    const slip =
      sale && sale.status === "completed" ? finesSlipData(sale.request, sale.result) : null;
    return sale && slip
      ? { slip, settledAt: (sale.settledAt ?? sale.createdAt).toISOString() }
      : null;
  },
);
