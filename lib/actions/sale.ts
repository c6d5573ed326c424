"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { ActionError } from "@/lib/errors";
import { assertOwnSale, retryOwnSale } from "@/lib/sales/counter-sale";
import { findSale, putSlipAway } from "@/lib/sales/journal";
import { PUT_AWAY_REASONS } from "@/lib/sales/sale-view";
import { limitOrRefuse } from "@/lib/security/rate-limit";

/** Resolve an unknown electricity or bill sale by repeating it under its own idempotency key. */
export const retrySaleAction = staffAction(
  ["cashier"],
  z.object({ saleId: z.uuid() }),
  async (input, staff) => {
    await limitOrRefuse("saleCheck", staff.userId, actorOf(staff), "sale_retry");
    return retryOwnSale(staff, input.saleId);
  },
);

/**
 * "Last sale went through" put away on purpose, without printing: the customer has the token,
 * or the cashier keeps the sale in History. The slip page's own mark (the slip counts as seen),
 * only on the cashier's own completed sale, audited with the cashier's reason.
 */
export const putSlipAwayAction = staffAction(
  ["cashier"],
  z.object({ saleId: z.uuid(), reason: z.enum(PUT_AWAY_REASONS) }),
  async (input, staff) => {
    const sale = assertOwnSale(await findSale(input.saleId), staff);
    if (sale.status !== "completed")
      throw new ActionError("Only a sale that went through can be put away.");
    if (await putSlipAway(sale.id, staff.userId))
      await audit(actorOf(staff), "slip_put_away", sale.id, {
        reason: input.reason,
        kind: sale.kind,
        reference: sale.reference,
      });
    return { saleId: sale.id };
  },
);
