import "server-only";
import type { Sale } from "@/lib/db/schema";
import { purchaseVas } from "@/lib/upstream";
import { vasRequestSchema, type VasResult } from "@/lib/vas/sale-data";

/**
 * Buys a recorded VAS sale once. VAS purchase is not idempotent upstream, so nothing here
 * repeats it: a lost answer surfaces as an UpstreamError with the outcome unknown, and
 * sendSale leaves the sale unknown for a supervisor.
 */
export async function fulfilVas(sale: Sale): Promise<VasResult> {
  const request = vasRequestSchema.parse(sale.request);
  const { result: bought } = await purchaseVas({
    product: { id: request.productId, reference: request.reference },
    amountCents: request.amountCents,
    mobileNumber: request.recipient,
    quoteId: request.quoteId,
    expectedTotalCents: sale.amountCents,
    merchantReference: sale.id,
  });
  return {
    transactionId: bought.transactionId,
    productId: request.productId,
    productName: request.productName,
    category: request.category,
    brand: request.brand,
    amountCents: bought.amountCents,
    fees: request.fees,
    totalCents: bought.totalCents,
    recipient: bought.mobileNumber ?? request.recipient,
    pin: bought.pin,
    serialNumber: bought.serialNumber,
    instructions: bought.instructions,
    receiptNumber: bought.receiptNumber,
    at: bought.at.toISOString(),
  };
}
