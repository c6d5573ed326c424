import "server-only";
import { z } from "zod";
import { vendElectricity } from "@/lib/kinds/electricity/upstream";
import { municipalityPlace, PREPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { defineKind, municipalPurchase } from "@/lib/kinds/types";

/** What the electricity purchase action records as sale.request. */
const electricityRequestSchema = z.object({
  meterNumber: z.string(),
  municipality: z.enum(PREPAID_MUNICIPALITIES),
  customerName: z.string().nullish(),
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  /** From the meter's confirm, for the slip. */
  keyExpiryNumber: z.number().int().nullish(),
  /** The meter's codes the confirm gave before the sale: a key change's "before" (lib/care). */
  meterBefore: z
    .object({ sgc: z.number().nullable(), krn: z.number().nullable(), ti: z.number().nullable() })
    .nullish(),
});
export type ElectricityRequest = z.infer<typeof electricityRequestSchema>;

export const electricityKind = defineKind({
  kind: "electricity",
  unknownStep: "retry",
  request: electricityRequestSchema,
  result: electricityResultSchema,
  /**
   * Vends under the sale's own idempotency key, so a retry of an unknown sale can never
   * vend twice, and keeps what the slip needs.
   */
  fulfil: async (sale, request) => {
    const vend = await vendElectricity({
      meterNumber: request.meterNumber,
      ...municipalPurchase(sale, request),
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
  },
  orderLines: (sale, request) => [
    {
      productId: `electricity:${request.municipality}`,
      name: `Prepaid electricity, meter ${request.meterNumber}`,
      description: municipalityPlace(request.municipality),
      cents: sale.amountCents,
    },
  ],
  vatApplies: () => true,
});
