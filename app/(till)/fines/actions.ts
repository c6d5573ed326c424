"use server";

import { actorOf } from "@/lib/auth/actor";
import { ActionError, staffAction } from "@/lib/auth/action";
import { findSale } from "@/lib/sales/journal";
import { mayUseSale } from "@/lib/security/ownership";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { lookUpFines } from "@/lib/fines/lookup";
import { recordFinesSale } from "@/lib/fines/pay";
import { recheckUnknownFinesSale } from "@/lib/fines/resolve";
import { sendSale } from "@/lib/sales/send";
import type { SaleStatus } from "@/lib/db/schema";
import { lookupSchema, payFinesSchema, recheckSchema } from "./schema";

export const lookUpFinesAction = staffAction(["cashier"], lookupSchema, async (input, staff) => {
  await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "fines_lookup");
  return lookUpFines(input.kind, input.value);
});

export interface PayOutcome {
  saleId: string;
  status: SaleStatus;
  amountCents: number;
  /** Cashier-safe reason when the sale failed or is not confirmed. */
  message: string | null;
}

/**
 * Validate, record, then: cash is sent at once (mark-paid); card returns the pending sale
 * for <CardPayment>, which sends it once the payment is verified PAID.
 */
export const payFinesAction = staffAction(["cashier"], payFinesSchema, async (input, staff): Promise<PayOutcome> => {
  const sale = await recordFinesSale(staff, input);
  const settled = input.method === "cash" && sale.status === "pending" ? await sendSale(sale.id, "first", actorOf(staff)) : sale;
  return { saleId: settled.id, status: settled.status, amountCents: settled.amountCents, message: settled.error?.message ?? null };
});

/** Looks the notices of an unknown fines sale up again; never marks anything paid. */
export const recheckFinesSaleAction = staffAction(["cashier", "supervisor"], recheckSchema, async (input, staff) => {
  // A cashier checks only their own sales; a supervisor any (lib/security/ownership.ts).
  const sale = await findSale(input.saleId);
  if (!sale || !mayUseSale(staff, sale)) throw new ActionError("No such fines sale.");
  return recheckUnknownFinesSale(input.saleId, actorOf(staff));
});
