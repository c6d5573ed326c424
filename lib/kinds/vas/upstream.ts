import "server-only";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import {
  decodeStandard,
  upstreamFailure,
  callUpstream,
  type CallOptions,
  cents,
  centsOrNull,
  dateFromMs,
  toWireRands,
} from "@/lib/upstream";
import { productWire, purchaseWire, quoteWire } from "@/lib/kinds/vas/wire";
import { log } from "@/lib/log";

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
  /** Whether the sale goes to a phone: the cashier must, may or need not give a mobile number. */
  mobileNumber: MobileNumberNeed;
}

/**
 * "required": airtime and data (the catalogue says so, or names the product that way);
 * "optional": the catalogue says nothing either way, so the cashier may give one and Kassa
 * sends it; "none": the catalogue says the product goes to no phone.
 */
export type MobileNumberNeed = "required" | "optional" | "none";

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

/**
 * The category a product's id, name or reference names when the catalogue gives none
 * ("VOD-AIR-10" with reference ["VODACOM","AIRTIME",…] is airtime), else null.
 */
function categoryNamed(p: { id: string; name?: string | null; reference?: string[] | null }) {
  const words = new Set(
    [p.id, p.name ?? "", ...(p.reference ?? [])]
      .join(" ")
      .toLowerCase()
      .split(/[^a-z0-9]+/),
  );
  return CATEGORIES.find((c) => words.has(c)) ?? null;
}

/**
 * One product, or null (logged) when it cannot be sold: no id, or a fixed product with
 * no amount. One odd product leaves the rest of the catalogue alone. A product with no
 * category takes the one its id, name or reference names (airtime and data then ask for the
 * mobile number), else it is sold as a voucher (whatever PIN comes back is printed) that may
 * go to a number the cashier gives: the spec's catalogue does not say which products need one.
 */
function readProduct(item: unknown, index: number): VasProduct | null {
  const parsed = productWire.safeParse(item);
  if (!parsed.success) {
    log().warn(
      { product: index + 1, field: parsed.error.issues[0]?.path.join(".") ?? "shape" },
      "VAS product dropped: not the expected shape",
    );
    return null;
  }
  const p = parsed.data;
  const category = (p.category ?? categoryNamed(p) ?? "voucher").trim().toLowerCase();
  if (!isCategory(category)) return null;
  const fixedAmount =
    p.fixedAmount ?? (p.amount != null && p.minAmount == null && p.maxAmount == null);
  if (fixedAmount && p.amount == null) {
    log().warn({ product: index + 1 }, "VAS product dropped: fixed with no amount");
    return null;
  }
  return {
    id: p.id,
    name: p.name?.trim() || p.id,
    category,
    provider: p.provider ?? null,
    description: p.description ?? null,
    fixedAmount,
    amountCents: centsOrNull(p.amount),
    minCents: centsOrNull(p.minAmount),
    maxCents: centsOrNull(p.maxAmount),
    reference: p.reference ?? [],
    mobileNumber:
      p.requiresRecipient != null
        ? p.requiresRecipient
          ? "required"
          : "none"
        : category === "airtime" || category === "data"
          ? "required"
          : p.category == null
            ? "optional"
            : "none",
  };
}

export async function listProducts(options?: CallOptions): Promise<VasProduct[]> {
  const operation = "vas.products";
  return callUpstream({
    operation,
    options,
    decode: (answer) =>
      decodeStandard(operation, answer, z.array(z.unknown())).flatMap((item, index) => {
        const product = readProduct(item, index);
        return product ? [product] : [];
      }),
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
      const q = decodeStandard(operation, answer, quoteWire, { subject: "mobile" });
      const amountCents = q.amount == null ? input.amountCents : cents(q.amount);
      const fees = (q.fees ?? []).flatMap((f) => {
        const rands = f.amount ?? f.amt;
        return rands == null
          ? []
          : [{ description: f.desc ?? f.description ?? "Fee", amountCents: cents(rands) }];
      });
      return {
        quoteId: q.quoteId ?? null,
        productId: q.productID ?? input.product.id,
        amountCents,
        fees,
        totalCents:
          q.total == null
            ? amountCents + fees.reduce((sum, f) => sum + f.amountCents, 0)
            : cents(q.total),
      };
    },
  });
}

export interface VasPurchaseInput extends VasQuoteInput {
  quoteId?: string | null;
  /** What the customer pays (the quote's total): an answer stating another total is not settled. */
  expectedTotalCents?: Cents;
  /** The sale's id, so the upstream's record points back at Kassa's. */
  merchantReference: string;
}

/**
 * Not idempotent upstream: never repeated automatically, an unclear answer leaves the
 * sale unknown. An answer with a `pin` completes the sale whatever else is missing;
 * an answer whose total differs from the sale's is left to a supervisor.
 */
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
      const p = decodeStandard(operation, answer, purchaseWire, { subject: "mobile" });
      const amountCents = p.amount == null ? input.amountCents : cents(p.amount);
      const totalCents = p.total == null ? null : cents(p.total);
      const expected = input.expectedTotalCents;
      const stated = totalCents ?? (p.amount == null ? null : amountCents);
      const against = totalCents != null ? expected : input.amountCents;
      if (
        expected !== undefined &&
        stated !== null &&
        against !== undefined &&
        stated !== against
      ) {
        throw upstreamFailure(operation, "malformed", {
          status: answer.status,
          outcomeKnown: false,
          reason: "amount_mismatch",
          cashierMessage: "The core service stated another amount for this sale.",
          detail: `vend total ${stated} cents, sale ${against} cents`,
        });
      }
      return {
        transactionId: p.transactionId ?? p.receiptNumber ?? "",
        productId: p.productID ?? input.product.id,
        amountCents,
        totalCents: totalCents ?? expected ?? amountCents,
        mobileNumber: p.recipient ?? null,
        pin: p.pin ?? null,
        serialNumber: p.serialNumber ?? null,
        instructions: p.instructions ?? null,
        receiptNumber: p.receiptNumber ?? null,
        at: p.timestamp == null ? new Date() : dateFromMs(p.timestamp),
      };
    },
  });
}
