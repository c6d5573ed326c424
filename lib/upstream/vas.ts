import "server-only";
import { z } from "zod";
import type { Cents } from "../money";
import { decodeStandard } from "./envelope";
import { callUpstream, type CallOptions } from "./http";
import { productWire, purchaseWire, quoteWire } from "./vas-wire";
import { cents, centsOrNull, dateFromMs, toWireRands } from "./wire-common";

export type VasCategory = "airtime" | "data" | "lotto" | "voucher";

export interface VasProduct {
  id: string;
  name: string;
  category: VasCategory;
  /** The network or brand. */
  provider: string | null;
  description: string | null;
  /** Fixed products sell at `amountCents`; open-value ones take any amount in `minCents..maxCents`. */
  fixedAmount: boolean;
  amountCents: Cents | null;
  minCents: Cents | null;
  maxCents: Cents | null;
  /** Opaque; handed back unchanged on quote and purchase. */
  reference: string[];
  needsMobileNumber: boolean;
}

export interface VasQuote {
  quoteId: string | null;
  productId: string;
  amountCents: Cents;
  fees: { description: string; amountCents: Cents }[];
  totalCents: Cents;
}

export interface VasSale {
  transactionId: string;
  productId: string;
  amountCents: Cents;
  totalCents: Cents;
  mobileNumber: string | null;
  /** Voucher and lotto products: what the customer redeems. */
  pin: string | null;
  serialNumber: string | null;
  instructions: string | null;
  receiptNumber: string | null;
  at: Date;
}

const CATEGORIES: readonly string[] = [
  "airtime",
  "data",
  "lotto",
  "voucher",
] satisfies VasCategory[];

/** A category the till has no screen for cannot be sold, so such products are left out. */
function isCategory(category: string): category is VasCategory {
  return CATEGORIES.includes(category);
}

export async function listProducts(options?: CallOptions): Promise<VasProduct[]> {
  const operation = "vas.products";
  return callUpstream({
    operation,
    options,
    decode: (answer) =>
      decodeStandard(operation, answer, z.array(productWire))
        .flatMap((p) => (isCategory(p.category) ? [{ ...p, category: p.category }] : []))
        .map((p) => ({
          id: p.id,
          name: p.name,
          category: p.category,
          provider: p.provider ?? null,
          description: p.description ?? null,
          fixedAmount: p.fixedAmount,
          amountCents: centsOrNull(p.amount),
          minCents: centsOrNull(p.minAmount),
          maxCents: centsOrNull(p.maxAmount),
          reference: p.reference,
          needsMobileNumber:
            p.requiresRecipient ?? (p.category === "airtime" || p.category === "data"),
        })),
  });
}

/** "082 123 4567", "+27 82 123 4567" or "27821234567" → "27821234567", the form the upstream takes. */
export function toRecipient(mobileNumber: string): string {
  const digits = mobileNumber.replace(/[^\d]/g, "");
  return digits.startsWith("0") && digits.length === 10 ? `27${digits.slice(1)}` : digits;
}

export interface VasQuoteInput {
  product: Pick<VasProduct, "id" | "reference">;
  amountCents: Cents;
  mobileNumber?: string | null;
}

function quoteBody(input: VasQuoteInput) {
  return {
    productID: input.product.id,
    amount: toWireRands(input.amountCents),
    reference: JSON.stringify(input.product.reference),
    ...(input.mobileNumber ? { recipient: toRecipient(input.mobileNumber) } : {}),
  };
}

export async function quoteVas(input: VasQuoteInput, options?: CallOptions): Promise<VasQuote> {
  const operation = "vas.confirm";
  return callUpstream({
    operation,
    body: quoteBody(input),
    options,
    decode: (answer) => {
      const q = decodeStandard(operation, answer, quoteWire);
      return {
        quoteId: q.quoteId ?? null,
        productId: q.productID,
        amountCents: cents(q.amount),
        fees: (q.fees ?? []).map((f) => ({ description: f.desc, amountCents: cents(f.amount) })),
        totalCents: cents(q.total),
      };
    },
  });
}

export interface VasPurchaseInput extends VasQuoteInput {
  quoteId?: string | null;
  /** The sale's id, so the upstream's record points back at Kassa's. */
  merchantReference: string;
}

/** Not idempotent upstream: never repeated automatically, an unclear answer leaves the sale unknown. */
export async function purchaseVas(
  input: VasPurchaseInput,
  options?: CallOptions,
): Promise<VasSale> {
  const operation = "vas.purchase";
  const body = {
    ...quoteBody(input),
    ...(input.quoteId ? { quoteId: input.quoteId } : {}),
    merchantReference: input.merchantReference,
  };
  return callUpstream({
    operation,
    body,
    options,
    decode: (answer) => {
      const p = decodeStandard(operation, answer, purchaseWire);
      return {
        transactionId: p.transactionId,
        productId: p.productID,
        amountCents: cents(p.amount),
        totalCents: cents(p.total),
        mobileNumber: p.recipient ?? null,
        pin: p.pin ?? null,
        serialNumber: p.serialNumber ?? null,
        instructions: p.instructions ?? null,
        receiptNumber: p.receiptNumber ?? null,
        at: dateFromMs(p.timestamp),
      };
    },
  });
}
