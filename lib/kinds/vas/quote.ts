import "server-only";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { ActionError } from "@/lib/errors";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { quoteVas } from "@/lib/kinds/vas/upstream";
import { checkAmount } from "@/lib/kinds/vas/amount";
import { recipientOf, toCatalogueItem } from "@/lib/kinds/vas/catalogue";
import { findProduct } from "@/lib/kinds/vas/catalogue-cache";
import { formatMobileNumber, MOBILE_NUMBER_MESSAGE } from "@/lib/kinds/vas/mobile";
import { rememberQuote } from "@/lib/kinds/vas/quote-store";

export interface QuoteView {
  token: string;
  productName: string;
  mobileNumber: string | null;
  amountCents: number;
  fees: { description: string; amountCents: number }[];
  totalCents: number;
}

/**
 * A cashier's quote for a VAS product: the product from the catalogue, the number and amount
 * checked against it before any call (a bad one never reaches the core service), then the
 * quote under the cashier's limit, handed back signed for the purchase.
 */
export async function quoteForCashier(
  staff: Staff,
  input: { productId: string; mobileNumber?: string; amount?: string },
): Promise<QuoteView> {
  const product = await findProduct(input.productId);
  if (!product)
    throw new ActionError("This product is no longer available. Refresh the catalogue.");
  const item = toCatalogueItem(product);
  // Required for airtime and data; sent when given for a product the catalogue says nothing of.
  const mobileNumber = recipientOf(item, input.mobileNumber);
  if (mobileNumber === "bad") throw new ActionError(MOBILE_NUMBER_MESSAGE, "mobileNumber");
  const amount = checkAmount(item, input.amount);
  if (!amount.ok) throw new ActionError(amount.message, "amount");
  await limitOrRefuse("vasQuote", staff.userId, actorOf(staff), "vas_quote");
  const quote = await quoteVas({ product, amountCents: amount.cents, mobileNumber });
  const signed = {
    quoteId: quote.quoteId,
    productId: product.id,
    amountCents: quote.amountCents,
    fees: quote.fees,
    totalCents: quote.totalCents,
    mobileNumber,
    userId: staff.userId,
    issuedAt: Date.now(),
  };
  return {
    token: await rememberQuote(signed),
    productName: product.name,
    mobileNumber: mobileNumber && formatMobileNumber(mobileNumber),
    amountCents: quote.amountCents,
    fees: quote.fees,
    totalCents: quote.totalCents,
  };
}
