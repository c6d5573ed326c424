import { z } from "zod";

/** An order to check at the core service: Kassa's sale id, or any reference the ledger shows. */
export const checkOrderSchema = z.object({
  orderId: z.string().trim().min(1, "Enter an order id.").max(100, "That is not an order id."),
});

/** The business day to reconcile, from the page's query string; anything else means yesterday. */
export const reconciliationDaySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});

export type CheckOrderInput = z.infer<typeof checkOrderSchema>;
