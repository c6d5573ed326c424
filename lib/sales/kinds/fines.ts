import "server-only";
import { z } from "zod";
import type { Sale } from "@/lib/db/schema";
import { markFinesPaid } from "@/lib/upstream";
import type { FinesSaleResult } from "@/lib/fines/view";

/** The part of a fines sale's request that mark-paid needs (lib/fines/pay.ts writes it). */
const finesRequest = z.object({
  paymentType: z.enum(["CASH", "CARD"]),
  fines: z.array(z.object({ noticeNumber: z.string().min(1), grossCents: z.number().int().positive() })).min(1),
});

/**
 * Marks the sale's fines paid with the registry, the sale's id as paymentReference.
 * The amounts were validated before the sale was recorded. Called once per sale by
 * sendSale; never retried (mark-paid is not idempotent upstream): a lost answer leaves
 * the sale unknown and lib/fines/resolve.ts looks the notices up instead.
 */
export async function fulfilFines(sale: Sale): Promise<FinesSaleResult> {
  const request = finesRequest.parse(sale.request);
  const { result: paid } = await markFinesPaid({
    paymentReference: sale.id,
    paymentType: request.paymentType,
    fines: request.fines.map((f) => ({ noticeNumber: f.noticeNumber, amountCents: f.grossCents })),
  });
  return {
    orderId: paid.orderId,
    grossCents: paid.grossCents,
    netCents: paid.netCents,
    vendorFeeCents: paid.vendorFeeCents,
    merchantFeeCents: paid.merchantFeeCents,
    fines: paid.fines,
  };
}
