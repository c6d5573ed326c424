"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { retryOwnSale } from "@/lib/sales/counter-sale";

/** Resolve an unknown electricity or bill sale by repeating it under its own idempotency key. */
export const retrySaleAction = staffAction(
  ["cashier"],
  z.object({ saleId: z.uuid() }),
  async (input, staff) => retryOwnSale(staff, input.saleId),
);
