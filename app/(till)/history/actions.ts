"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { findSale, findSaleByKey, markSlipSeen, unseenSalesOf } from "@/lib/sales/journal";
import { assertOwnSale, retryUnknownSale, saleViewOf } from "@/lib/sales/counter-sale";
import type { SaleView } from "@/lib/sales/sale-view";

/** How far back the till looks for sales the cashier has not seen: a long shift. */
const UNSEEN_LOOKBACK_MS = 24 * 60 * 60_000;

/** Resolve an unknown electricity or bill sale by repeating it under its own idempotency key. */
export const retrySaleAction = staffAction(
  ["cashier"],
  z.object({ saleId: z.uuid() }),
  async (input, staff) => retryUnknownSale(staff, input.saleId),
);

/** The sale a form already made under its key, if any (a lost answer, a reload, a new tab). */
export const saleByKeyAction = staffAction(
  ["cashier"],
  z.object({ idempotencyKey: z.uuid() }),
  async (input, staff): Promise<SaleView | null> => {
    const sale = await findSaleByKey(input.idempotencyKey);
    return sale ? saleViewOf(assertOwnSale(sale, staff)) : null;
  },
);

/**
 * What any till page shows first: this cashier's completed sales whose slip they have not
 * seen ("Last sale went through: show slip") and their unknown sales nobody has resolved
 * ("Not confirmed"), newest first, from the last 24 hours.
 */
export const unseenSalesAction = staffAction(
  ["cashier"],
  z.object({}).strict(),
  async (_input, staff): Promise<SaleView[]> => {
    const rows = await unseenSalesOf(staff.userId, new Date(Date.now() - UNSEEN_LOOKBACK_MS));
    return rows.map(saleViewOf);
  },
);

/** The cashier has seen this completed sale (its slip page also marks it when shown to them). */
export const markSaleSeenAction = staffAction(
  ["cashier"],
  z.object({ saleId: z.uuid() }),
  async (input, staff): Promise<{ saleId: string }> => {
    assertOwnSale(await findSale(input.saleId), staff);
    await markSlipSeen(input.saleId, staff.userId);
    return { saleId: input.saleId };
  },
);
