/**
 * What an electricity sale keeps as its result (sales.result, jsonb), and how a slip reads
 * it back. Pure: the fulfiller writes this shape, the slips parse it.
 */
import { z } from "zod";

const slipToken = z.object({
  kind: z.enum(["key_change", "credit", "fbe"]),
  label: z.string(),
  digits: z.string(),
  info: z.string().nullable(),
  /** kWh of this token, when the core service said (absent on sales recorded before it was kept). */
  units: z.number().nullish(),
});

export const electricityResultSchema = z.object({
  meterNumber: z.string(),
  municipality: z.string(),
  customerName: z.string(),
  tokens: z.array(slipToken),
  units: z.number().nullable(),
  amountCents: z.number().int(),
  electricityCents: z.number().int().nullable(),
  vatCents: z.number().int().nullable(),
  charges: z.array(
    z.object({
      description: z.string(),
      amountCents: z.number().int(),
      outstandingCents: z.number().int().nullable(),
    }),
  ),
  meter: z.object({
    sgc: z.number().nullable(),
    krn: z.number().nullable(),
    ti: z.number().nullable(),
  }),
  receiptNumber: z.string().nullable(),
  /** ISO instant of the vend as the core service stated it. */
  at: z.string(),
  /** The core service's printable text, kept when no token could be read apart from it: printed as it came. */
  printedText: z.string().nullish(),
  /** The utility that issues the tax invoice for the electricity, and its VAT number, when the answer names them. */
  utilityName: z.string().nullish(),
  utilityVatNumber: z.string().nullish(),
  /** What the utility tells the customer (details.message, voucher.message, receiptdesc). */
  messages: z.array(z.string()).nullish(),
  keyExpiryNumber: z.number().nullish(),
});
