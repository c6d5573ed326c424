/**
 * What a bill payment keeps as its result (sales.result, jsonb), and how a slip reads it
 * back. Pure: the fulfiller writes this shape, the slips parse it.
 */
import { z } from "zod";

export const billResultSchema = z.object({
  accountNumber: z.string(),
  municipality: z.string(),
  customerName: z.string(),
  amountCents: z.number().int(),
  receiptUrl: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  at: z.string(),
  /** What the municipality tells the customer. */
  messages: z.array(z.string()).nullish(),
});
