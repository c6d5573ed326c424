import "server-only";
import { z } from "zod";
import { payBill } from "@/lib/kinds/bill/upstream";
import { municipalityPlace, POSTPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { defineKind, municipalPurchase } from "@/lib/kinds/types";

/** What the bill payment action records as sale.request. */
const billRequestSchema = z.object({
  accountNumber: z.string(),
  municipality: z.enum(POSTPAID_MUNICIPALITIES),
  customerName: z.string().nullish(),
  /** The account's range from the confirm before recording, so a refusal can name it. */
  minCents: z.number().int().nullish(),
  maxCents: z.number().int().nullish(),
});
export type BillRequest = z.infer<typeof billRequestSchema>;

export const billKind = defineKind({
  kind: "bill",
  // Paid through the core service's idempotent purchase under the sale's key: Retry is safe.
  unknownStep: "retry",
  request: billRequestSchema,
  result: billResultSchema,
  fulfil: async (sale, request) => {
    const paid = await payBill({
      accountNumber: request.accountNumber,
      ...municipalPurchase(sale, request),
    });
    return {
      accountNumber: paid.accountNumber,
      municipality: paid.municipality,
      customerName: paid.customerName || request.customerName || "",
      amountCents: paid.amountCents,
      receiptUrl: paid.receiptUrl,
      receiptNumber: paid.receiptNumber,
      at: paid.at.toISOString(),
      messages: paid.messages,
    };
  },
  orderLines: (sale, request) => [
    {
      productId: `bill:${request.municipality}`,
      name: `Municipal account ${request.accountNumber}`,
      description: municipalityPlace(request.municipality),
      cents: sale.amountCents,
    },
  ],
  // A bill settles an account the municipality already invoiced, with its VAT.
  vatApplies: () => false,
});
