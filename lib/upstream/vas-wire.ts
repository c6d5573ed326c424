import "server-only";
import { z } from "zod";
import { wireRands } from "./wire-common";

/** Wire shapes of the VAS endpoints (Kassa's choices in docs/upstream-assumptions.md); ids may come as numbers. */

const productId = z.union([z.string(), z.number().transform(String)]);

export const productWire = z.object({
  id: productId,
  name: z.string(),
  category: z.string(),
  provider: z.string().nullish(),
  description: z.string().nullish(),
  fixedAmount: z.boolean(),
  amount: wireRands.nullish(),
  minAmount: wireRands.nullish(),
  maxAmount: wireRands.nullish(),
  reference: z.array(z.string()),
  requiresRecipient: z.boolean().nullish(),
});

export const quoteWire = z.object({
  quoteId: z.string().nullish(),
  productID: productId,
  amount: wireRands,
  fees: z.array(z.object({ desc: z.string(), amount: wireRands })).nullish(),
  total: wireRands,
});

export const purchaseWire = z.object({
  transactionId: z.string(),
  productID: productId,
  amount: wireRands,
  total: wireRands,
  recipient: z.string().nullish(),
  pin: z.string().nullish(),
  serialNumber: z.string().nullish(),
  instructions: z.string().nullish(),
  receiptNumber: z.string().nullish(),
  timestamp: z.number().int(),
});
