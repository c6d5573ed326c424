import "server-only";
import { purchaseVas } from "@/lib/kinds/vas/upstream";
import { formatMobileNumber } from "@/lib/kinds/vas/mobile";
import { vasRequestSchema, vasResultSchema } from "@/lib/kinds/vas/sale-data";
import { defineKind } from "@/lib/kinds/types";

export const vasKind = defineKind({
  kind: "vas",
  // VAS purchase is not idempotent upstream: a lost answer is a supervisor's.
  unknownStep: "supervisor",
  request: vasRequestSchema,
  result: vasResultSchema,
  /** Buys once, `merchantReference` = the sale id; a lost answer leaves the sale unknown. */
  fulfil: async (sale, request) => {
    const bought = await purchaseVas({
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
  },
  orderLines: (sale, request) => [
    {
      productId: `vas:${request.productId}`,
      name: request.productName,
      description: request.recipient ?? undefined,
      cents: sale.amountCents,
    },
  ],
  describe: (request) =>
    `${request.productName}${request.recipient ? ` for ${formatMobileNumber(request.recipient)}` : ""}`,
  // Lotto is not sold with VAT at the counter; airtime, data and vouchers include it.
  vatApplies: (request) => request.category !== "lotto",
});
