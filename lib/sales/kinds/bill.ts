import "server-only";
import { z } from "zod";
import type { Sale } from "@/lib/db/schema";
import { payBill } from "@/lib/upstream";
import { POSTPAID_MUNICIPALITIES } from "@/lib/upstream/municipalities";
import type { BillResult } from "@/lib/slip/results";

/** What the bill payment action records as sale.request. */
export const billRequestSchema = z.object({
  accountNumber: z.string(),
  municipality: z.enum(POSTPAID_MUNICIPALITIES),
  customerName: z.string().nullish(),
});
export type BillRequest = z.infer<typeof billRequestSchema>;

/** Pays a recorded bill sale under the sale's own idempotency key and returns what the slip needs. */
export async function fulfilBill(sale: Sale): Promise<BillResult> {
  const request = billRequestSchema.parse(sale.request);
  const { result: paid } = await payBill({
    accountNumber: request.accountNumber,
    municipality: request.municipality,
    amountCents: sale.amountCents,
    method: sale.method,
    idempotencyKey: sale.idempotencyKey,
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
}
