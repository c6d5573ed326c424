"use server";

import QRCode from "qrcode";
import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { finesSlipData, type FinesSlipData } from "@/lib/kinds/fines/slip-data";
import { slipCheckOf } from "@/lib/record/slip-url";
import { openReceipt } from "@/lib/security/kiosk-receipt";

export interface KioskReceiptData {
  slip: FinesSlipData;
  settledAt: string;
  /** The receipt's check code, its page, and that page's QR code drawn here as SVG. */
  check: { code: string; url: string; verifyAt: string; qrSvg: string | null };
}

async function checkOf(saleId: string): Promise<KioskReceiptData["check"]> {
  const { code, url } = slipCheckOf(saleId);
  const qrSvg = await QRCode.toString(url, { type: "svg", margin: 1 }).catch(() => null);
  return { code, url, verifyAt: url.replace(/\/[^/]+$/, ""), qrSvg };
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
      ? {
          slip,
          settledAt: (sale.settledAt ?? sale.createdAt).toISOString(),
          check: await checkOf(sale.id),
        }
      : null;
  },
);
