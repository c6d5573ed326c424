import "server-only";
import { z } from "zod";
import type { Sale } from "@/lib/db/schema";
import { vendElectricity } from "@/lib/upstream";
import { PREPAID_MUNICIPALITIES } from "@/lib/upstream/municipalities";
import type { ElectricityResult } from "@/lib/slip/results";

/** What the electricity purchase action records as sale.request. */
export const electricityRequestSchema = z.object({
  meterNumber: z.string(),
  municipality: z.enum(PREPAID_MUNICIPALITIES),
  customerName: z.string().nullish(),
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  /** From the meter's confirm, for the slip. */
  keyExpiryNumber: z.number().int().nullish(),
});
export type ElectricityRequest = z.infer<typeof electricityRequestSchema>;

/**
 * Vends a recorded electricity sale under the sale's own idempotency key, so a retry of an
 * unknown sale can never vend twice, and returns what the slip needs.
 */
export async function fulfilElectricity(sale: Sale): Promise<ElectricityResult> {
  const request = electricityRequestSchema.parse(sale.request);
  const { result: vend } = await vendElectricity({
    meterNumber: request.meterNumber,
    municipality: request.municipality,
    amountCents: sale.amountCents,
    method: sale.method,
    idempotencyKey: sale.idempotencyKey,
    limits: { minCents: request.minCents, maxCents: request.maxCents },
  });
  return {
    meterNumber: vend.meterNumber,
    municipality: vend.municipality,
    customerName: vend.customerName || request.customerName || "",
    tokens: vend.tokens,
    units: vend.units,
    amountCents: vend.amountCents,
    electricityCents: vend.electricityCents,
    vatCents: vend.vatCents,
    charges: vend.charges,
    meter: vend.meter,
    receiptNumber: vend.receiptNumber,
    at: vend.at.toISOString(),
    printedText: vend.printedAsIs ? vend.receiptText : null,
    utilityName: vend.utilityName,
    utilityVatNumber: vend.utilityVatNumber,
    messages: vend.messages,
    keyExpiryNumber: vend.keyExpiryNumber ?? request.keyExpiryNumber ?? null,
  };
}
