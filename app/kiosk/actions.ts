"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { lookUpFines } from "@/lib/kinds/fines/lookup";
import { sellFines } from "@/lib/kinds/fines/pay";
import { startKioskCardPayment } from "@/lib/sales/card";
import { kioskLookupSchema, kioskPaySchema } from "./schema";

/**
 * The ID number arrives in the POST body only and is not kept: the result holds fines, not the
 * number. Look-ups are limited per kiosk device so that ID numbers cannot be tried in bulk.
 */
export const kioskLookUpAction = staffAction(
  ["kiosk"],
  kioskLookupSchema,
  async (input, staff) => {
    await limitOrRefuse(
      "kioskLookUp",
      `${staff.till.id}:${staff.deviceId ?? staff.sessionId}`,
      actorOf(staff),
      input.kind,
    );
    return lookUpFines(input.kind, input.value);
  },
  { upstreamField: () => "value" },
);

/**
 * Validate the chosen fines, record the card sale (no ID number in the journal), open the
 * card order, and tell the kiosk where its browser pays. The fines are marked paid only
 * after the return page has verified the payment (lib/sales/card/).
 */
export const kioskPayFinesAction = staffAction(
  ["kiosk"],
  kioskPaySchema,
  async (input, staff) => {
    const sale = await sellFines(staff, {
      idempotencyKey: input.idempotencyKey,
      lookupKind: input.kind,
      lookupValue: input.value,
      fines: input.fines,
      method: "card",
    });
    const { paymentPageUrl } = await startKioskCardPayment(sale.id, staff, input.lang);
    return { saleId: sale.id, paymentPageUrl };
  },
  { upstreamField: () => "fines" },
);
