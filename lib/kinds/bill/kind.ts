import "server-only";
import { z } from "zod";
import { payBill } from "@/lib/kinds/bill/upstream";
import { municipalityPlace, POSTPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { defineKind } from "@/lib/kinds/types";

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
  label: KIND_META.bill.label,
  newSalePath: KIND_META.bill.path,
  // Paid through the core service's idempotent purchase under the sale's key: Retry is safe.
  repeatable: true,
  unknownStep: "retry",
  request: billRequestSchema,
  result: billResultSchema,
  fulfil: async (sale, request) => {
    const paid = await payBill({
      accountNumber: request.accountNumber,
      municipality: request.municipality,
      amountCents: sale.amountCents,
      method: sale.method,
      idempotencyKey: sale.idempotencyKey,
      limits: { minCents: request.minCents ?? null, maxCents: request.maxCents ?? null },
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
