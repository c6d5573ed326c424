import { z } from "zod";

/**
 * One schema per step of the VAS form. Whether a product needs a mobile number or an
 * amount depends on the product, so the action checks those against the catalogue too.
 */
export const quoteSchema = z.object({
  productId: z.string().trim().min(1, "Pick a product first."),
  mobileNumber: z.string().trim().max(30).optional(),
  amount: z.string().trim().max(20).optional(),
});

export const purchaseSchema = z.object({
  /** Made when the quote is shown, so a double click or a resubmit maps to one sale. */
  idempotencyKey: z.uuid(),
  /** The signed quote from Get quote: product, amount, recipient and total as quoted. */
  quoteToken: z.string().min(10).max(4000),
  method: z.enum(["cash", "card"], "Choose cash or card."),
  /** The cashier answered "Sell again?" with yes (the duplicate-sale guard). */
  sellAgain: z.boolean().optional(),
});

export const refreshSchema = z.object({}).strict();
