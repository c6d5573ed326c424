/**
 * What a VAS sale keeps in the journal: `request` (all the fulfiller needs, written before
 * the call) and `result` (what the slip prints). Pure, so the slip and the tests share it.
 */
import { z } from "zod";

const category = z.enum(["airtime", "data", "lotto", "voucher"]);
const fee = z.object({ description: z.string(), amountCents: z.number().int() });

export const vasRequestSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  category,
  brand: z.string(),
  /** The product's reference exactly as the catalogue gave it; sent back unchanged. */
  reference: z.array(z.string()),
  amountCents: z.number().int(),
  fees: z.array(fee),
  totalCents: z.number().int(),
  /** International form without plus ("27821234567"), or null for products that go to no phone. */
  recipient: z.string().nullable(),
  quoteId: z.string().nullable(),
});
export type VasRequest = z.infer<typeof vasRequestSchema>;

export const vasResultSchema = z.object({
  transactionId: z.string(),
  productId: z.string(),
  productName: z.string(),
  category,
  brand: z.string(),
  amountCents: z.number().int(),
  fees: z.array(fee),
  totalCents: z.number().int(),
  recipient: z.string().nullable(),
  pin: z.string().nullable(),
  serialNumber: z.string().nullable(),
  instructions: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** ISO time of the upstream's sale. */
  at: z.string(),
});

/** The journal's searchable reference: the product, and the phone it went to when there is one. */
export function vasSaleReference(productId: string, mobileNumber: string | null): string {
  return mobileNumber ? `${productId} ${mobileNumber}` : productId;
}

/** A PIN in groups of four, as the customer types it: "1234 5678 9012 3456". */
export function groupPin(pin: string): string {
  const compact = pin.replace(/\s+/g, "");
  return /^\d+$/.test(compact) ? (compact.match(/.{1,4}/g) ?? [compact]).join(" ") : pin;
}
