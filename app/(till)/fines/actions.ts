"use server";

import { actorOf } from "@/lib/auth/actor";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { findSale } from "@/lib/sales/journal";
import { mayUseSale } from "@/lib/security/ownership";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { lookUpFines } from "@/lib/kinds/fines/lookup";
import { sellFines } from "@/lib/kinds/fines/pay";
import { recheckUnknownFinesSale } from "@/lib/kinds/fines/resolve";
import type { SaleView } from "@/lib/sales/sale-view";
import { lookupSchema, payFinesSchema, recheckSchema } from "./schema";

export const lookUpFinesAction = staffAction(
  ["cashier"],
  lookupSchema,
  async (input, staff) => {
    await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "fines_lookup");
    return lookUpFines(input.kind, input.value);
  },
  { upstreamField: () => "value" },
);

/**
 * The one sale path (lib/sales/counter-sale.ts): the key decides, then validate, record,
 * and cash is marked paid at once; card returns the pending sale for <CardPayment>, which
 * sends it once the payment is verified PAID. A refusal of the registry is shown by the fines.
 */
export const payFinesAction = staffAction(
  ["cashier"],
  payFinesSchema,
  async (input, staff): Promise<SaleView> => sellFines(staff, input),
  {
    upstreamField: () => "fines",
  },
);

/** Looks the notices of an unknown fines sale up again; never marks anything paid. */
export const recheckFinesSaleAction = staffAction(
  ["cashier", "supervisor"],
  recheckSchema,
  async (input, staff) => {
    // A cashier checks only their own sales; a supervisor any (lib/security/ownership.ts).
    const sale = await findSale(input.saleId);
    if (!sale || !mayUseSale(staff, sale)) throw new ActionError("No such fines sale.");
    await limitOrRefuse("saleCheck", staff.userId, actorOf(staff), "fines_recheck");
    return recheckUnknownFinesSale(input.saleId, actorOf(staff));
  },
);
