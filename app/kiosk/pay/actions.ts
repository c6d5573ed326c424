"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { oneInFlight } from "@/lib/security/one-in-flight";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { findSale } from "@/lib/sales/journal";
import { issueReceiptTicket } from "@/lib/security/kiosk-receipt";
import {
  finishKioskCardPayment,
  notPaidReasonOf,
  type CardPaymentView,
  type NotPaidReason,
} from "@/lib/sales/card";
import { kioskCardFinishSchema } from "./schema";

/**
 * What the return page shows, as codes only: the kiosk says each in the customer's language.
 * `receipt` carries the one-time link to the receipt (lib/security/kiosk-receipt.ts).
 */
export type KioskPaymentOutcome =
  | { is: "waiting" }
  | { is: "receipt"; ticket: string }
  /** Paid and shown already (Back, or "Return to the shop" a second time). */
  | { is: "finished" }
  /** Paid, but the fines were not marked paid: staff must help. */
  | { is: "not_cleared" }
  | { is: "not_paid"; why: NotPaidReason | null }
  | { is: "not_confirmed" };

function outcomeOf(view: CardPaymentView, ticket: string | null): KioskPaymentOutcome {
  if (view.state === "waiting" || view.state === "sending") return { is: "waiting" };
  if (view.state === "settled") {
    if (view.sale.status !== "completed") return { is: "not_cleared" };
    return ticket ? { is: "receipt", ticket } : { is: "finished" };
  }
  if (view.state === "not_paid") return { is: "not_paid", why: notPaidReasonOf(view.reason) };
  return { is: "not_confirmed" };
}

/**
 * The return page's check: verify the status and send the sale only on PAID. A completed sale
 * comes with the one-time receipt link, the first time only (lib/security/kiosk-receipt.ts).
 */
export const finishKioskCardPaymentAction = staffAction(
  ["kiosk"],
  kioskCardFinishSchema,
  async ({ saleId, final }, staff): Promise<KioskPaymentOutcome> => {
    // The return page's checks at the kiosk's pace, one status call in flight per sale.
    await limitOrRefuse("cardPoll", staff.userId, actorOf(staff), "card_return");
    const view = await oneInFlight(
      `card:${saleId}:${staff.userId}`,
      () => finishKioskCardPayment(saleId, staff, final),
      { share: !final },
    );
    if (view.state !== "settled" || view.sale.status !== "completed") return outcomeOf(view, null);
    const sale = await findSale(saleId);
    return outcomeOf(view, sale ? await issueReceiptTicket(staff, sale) : null);
  },
);
