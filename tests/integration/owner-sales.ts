import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import type { PaymentMethod } from "@/lib/db/schema";
import { VAS_PRODUCTS } from "@/lib/sandbox/data-vas";
import type { SaleView } from "@/lib/sales/sale-view";

/**
 * Real sales for the owner's tests: through the one sale path (lib/sales/counter-sale.ts) to
 * a sandbox over HTTP, as a till sells them. Each returns the settled sale's view and fails
 * the test when the sandbox did not complete it.
 */
async function sellOne(
  staff: Staff,
  sale: Parameters<typeof import("@/lib/sales/counter-sale").sell>[1],
): Promise<SaleView> {
  const { sell } = await import("@/lib/sales/counter-sale");
  const view = await sell(staff, { ...sale, sellAgain: true });
  expect(view.status, `${sale.kind} ${sale.reference}: ${view.message ?? ""}`).toBe("completed");
  return view;
}

export function sellElectricity(
  staff: Staff,
  meterNumber: string,
  municipality: string,
  amountCents: number,
  method: PaymentMethod = "cash",
) {
  return sellOne(staff, {
    idempotencyKey: randomUUID(),
    kind: "electricity",
    method,
    reference: meterNumber,
    amountCents,
    place: municipality,
    prepare: async () => ({
      request: { meterNumber, municipality, customerName: null, minCents: null, maxCents: null },
    }),
  });
}

export function payBill(
  staff: Staff,
  accountNumber: string,
  municipality: string,
  amountCents: number,
  method: PaymentMethod = "cash",
) {
  return sellOne(staff, {
    idempotencyKey: randomUUID(),
    kind: "bill",
    method,
    reference: accountNumber,
    amountCents,
    place: municipality,
    prepare: async () => ({ request: { accountNumber, municipality, customerName: null } }),
  });
}

/** A fixed-price VAS product of the sandbox's catalogue, to a phone, at the price its quote gives. */
export async function sellVas(staff: Staff, productId: string, method: PaymentMethod = "cash") {
  const product = VAS_PRODUCTS.find((p) => p.id === productId);
  if (!product?.amountCents) throw new Error(`no fixed-price product ${productId}`);
  const recipient = "27821234567";
  const { quoteVas } = await import("@/lib/kinds/vas/upstream");
  const quote = await quoteVas({
    product,
    amountCents: product.amountCents,
    mobileNumber: recipient,
  });
  const totalCents = quote.totalCents;
  return sellOne(staff, {
    idempotencyKey: randomUUID(),
    kind: "vas",
    method,
    reference: `${productId} ${recipient}`,
    amountCents: totalCents,
    prepare: async () => ({
      request: {
        productId,
        productName: product.name,
        category: product.category,
        brand: product.provider,
        reference: product.reference,
        amountCents: product.amountCents,
        fees: quote.fees,
        totalCents,
        recipient,
        quoteId: quote.quoteId,
      },
    }),
  });
}
