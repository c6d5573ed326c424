"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { findSaleByKey } from "@/lib/sales/journal";
import { assertOwnSale, retryUnknownSale, saleViewOf } from "@/lib/sales/counter-sale";
import type { SaleView } from "@/lib/sales/sale-view";

/** Resolve an unknown electricity or bill sale by repeating it under its own idempotency key. */
export const retrySaleAction = staffAction(["cashier"], z.object({ saleId: z.uuid() }), async (input, staff) => retryUnknownSale(staff, input.saleId));

/** The sale a reopened form already made under its key, if any (after a reload). */
export const saleByKeyAction = staffAction(["cashier"], z.object({ idempotencyKey: z.uuid() }), async (input, staff): Promise<SaleView | null> => {
  const sale = await findSaleByKey(input.idempotencyKey);
  return sale ? saleViewOf(assertOwnSale(sale, staff)) : null;
});
