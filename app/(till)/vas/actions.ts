"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import type { UpstreamError } from "@/lib/upstream";
import { sell } from "@/lib/sales/counter-sale";
import type { SaleView } from "@/lib/sales/sale-view";
import { findProduct, refreshCatalogue } from "@/lib/kinds/vas/catalogue-cache";
import { quoteForCashier, type QuoteView } from "@/lib/kinds/vas/quote";
import { recallQuote } from "@/lib/kinds/vas/quote-store";
import { vasSaleReference, type VasRequest } from "@/lib/kinds/vas/sale-data";
import { purchaseSchema, quoteSchema, refreshSchema } from "./schema";

export type { QuoteView };

/** Upstream refusals that belong next to a field. */
const FIELD_OF_CODE: Record<number, string> = { 1102: "amount", 1104: "mobileNumber" };

export const getVasQuoteAction = staffAction(
  ["cashier"],
  quoteSchema,
  async (input, staff): Promise<QuoteView> => quoteForCashier(staff, input),
  {
    upstreamField: (error: UpstreamError) =>
      error.code === undefined ? undefined : FIELD_OF_CODE[error.code],
  },
);

export const purchaseVasAction = staffAction(
  ["cashier"],
  purchaseSchema,
  async (input, staff): Promise<SaleView> => {
    const read = await recallQuote(input.quoteToken, staff.userId);
    if (!read.ok)
      throw new ActionError(
        read.reason === "expired"
          ? "The quote expired. Get a new quote."
          : "This quote cannot be used. Get a new quote.",
      );
    const { quote } = read;
    // Cash is sent at once; card is recorded and waits for <CardPayment> to see PAID. Never sent twice.
    const view = await sell(staff, {
      idempotencyKey: input.idempotencyKey,
      sellAgain: input.sellAgain,
      kind: "vas",
      method: input.method,
      reference: vasSaleReference(quote.productId, quote.mobileNumber),
      namesCustomer: quote.mobileNumber !== null,
      amountCents: quote.totalCents,
      prepare: async () => {
        const product = await findProduct(quote.productId);
        if (!product)
          throw new ActionError("This product is no longer available. Refresh the catalogue.");
        const request: VasRequest = {
          productId: product.id,
          productName: product.name,
          category: product.category,
          brand: product.provider ?? "",
          reference: product.reference,
          amountCents: quote.amountCents,
          fees: quote.fees,
          totalCents: quote.totalCents,
          recipient: quote.mobileNumber,
          quoteId: quote.quoteId,
        };
        return { request };
      },
    });
    if (view.status !== "completed") revalidatePath("/vas");
    return view;
  },
);

export const refreshVasCatalogueAction = staffAction(
  ["cashier"],
  refreshSchema,
  async (_input, staff) => {
    const catalogue = await refreshCatalogue(staff);
    revalidatePath("/vas");
    return { count: catalogue.products.length, stale: catalogue.stale };
  },
);
