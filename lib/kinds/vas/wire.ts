import "server-only";
import { z } from "zod";
import { soft, wireInt64, wireRands, wireSuccess, wireText } from "@/lib/upstream";

/**
 * Wire shapes of the VAS endpoints. The spec names only `id`, `reference`, `fixedAmount`,
 * `amount`, `minAmount`, `maxAmount` (products), a fee breakdown, a total and `quoteId`
 * (quotes), and `pin` and `instructions` (purchases): those are read; everything else
 * (Kassa's own choices in docs/upstream-assumptions.md) is optional and soft.
 */

export const productWire = z.object({
  id: wireText,
  name: soft("product.name", z.string()),
  category: soft("product.category", z.string()),
  provider: soft("product.provider", z.string()),
  description: soft("product.description", z.string()),
  fixedAmount: soft("product.fixedAmount", wireSuccess),
  amount: soft("product.amount", wireRands),
  minAmount: soft("product.minAmount", wireRands),
  maxAmount: soft("product.maxAmount", wireRands),
  // Handed back unchanged on quote and purchase, so it must be kept exactly: not soft.
  reference: z.array(z.string()).nullish(),
  requiresRecipient: soft("product.requiresRecipient", wireSuccess),
});

const feeWire = z.object({
  desc: soft("fee.desc", z.string()),
  description: soft("fee.description", z.string()),
  amount: soft("fee.amount", wireRands),
  amt: soft("fee.amt", wireRands),
});

export const quoteWire = z.object({
  quoteId: soft("quote.quoteId", wireText),
  productID: soft("quote.productID", wireText),
  amount: soft("quote.amount", wireRands),
  fees: soft("quote.fees", z.array(feeWire)),
  total: soft("quote.total", wireRands),
});

/** `pin` is what the customer paid for: strict, a PIN that does not read is never dropped silently. */
export const purchaseWire = z.object({
  pin: wireText.nullish(),
  instructions: soft("purchase.instructions", z.string()),
  serialNumber: soft("purchase.serialNumber", wireText),
  receiptNumber: wireText.nullish(),
  transactionId: soft("purchase.transactionId", wireText),
  productID: soft("purchase.productID", wireText),
  amount: soft("purchase.amount", wireRands),
  total: soft("purchase.total", wireRands),
  recipient: soft("purchase.recipient", wireText),
  timestamp: soft("purchase.timestamp", wireInt64),
});
