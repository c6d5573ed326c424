import "server-only";
import { markFinesPaid } from "@/lib/kinds/fines/upstream";
import { finesRequestSchema, finesResultSchema } from "@/lib/kinds/fines/slip-data";
import { defineKind } from "@/lib/kinds/types";

export const finesKind = defineKind({
  kind: "fines",
  // Mark-paid is not idempotent upstream: a lost answer is checked with the registry instead.
  unknownStep: "recheck_registry",
  request: finesRequestSchema,
  result: finesResultSchema,
  /**
   * Marks the fines paid with the registry, the sale's id as paymentReference. The amounts
   * were validated before the sale was recorded. Called once per sale; never retried.
   */
  fulfil: async (sale, request) => {
    const paid = await markFinesPaid({
      paymentReference: sale.id,
      paymentType: request.paymentType,
      fines: request.fines.map((f) => ({
        noticeNumber: f.noticeNumber,
        amountCents: f.grossCents,
      })),
    });
    return {
      orderId: paid.orderId,
      grossCents: paid.grossCents,
      netCents: paid.netCents,
      vendorFeeCents: paid.vendorFeeCents,
      merchantFeeCents: paid.merchantFeeCents,
      fines: paid.fines,
    };
  },
  orderLines: (_sale, request) =>
    request.fines.map((f) => ({
      productId: `fine:${f.noticeNumber}`,
      name: `Traffic fine, notice ${f.noticeNumber}`,
      cents: f.grossCents,
    })),
  // A traffic fine is a penalty, not a supply.
  vatApplies: () => false,
});
