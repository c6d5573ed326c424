/** /v1/VAS/Products, /v1/VAS/Confirm and /v1/VAS/Purchase. */
import { createHash } from "node:crypto";
import { z } from "zod";
import { formatRand } from "../money";
import { QUOTE_TTL_MS, VAS_PRODUCTS, type VasProduct } from "./data-vas";
import { saYmd } from "./time";
import { ERR, fail, invalidRequest, ok, rands, wireCents, type Ctx, type Reply } from "./wire";

export function listProducts(): Reply {
  return ok(
    VAS_PRODUCTS.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      provider: p.provider,
      description: p.description,
      fixedAmount: p.amountCents !== null,
      amount: p.amountCents === null ? null : rands(p.amountCents),
      minAmount: p.minCents === null ? null : rands(p.minCents),
      maxAmount: p.maxCents === null ? null : rands(p.maxCents),
      reference: p.reference,
      requiresRecipient: needsRecipient(p),
    })),
  );
}

const needsRecipient = (p: VasProduct) => p.category === "airtime" || p.category === "data";
// Airtime is delivered at once and needs no quote; everything else is quoted (the spec's quoteId is optional).
const needsQuote = (p: VasProduct) => p.category !== "airtime";

const confirmSchema = z.object({
  productID: z.string().min(1),
  amount: z.number().nullish(),
  reference: z.union([z.string(), z.array(z.string())]),
  recipient: z.string().nullish(),
});
const purchaseSchema = confirmSchema.extend({
  quoteId: z.string().nullish(),
  merchantReference: z.string().nullish(),
});

type Checked = {
  product: VasProduct;
  amountCents: number;
  recipient: string | null;
  feeCents: number;
};

/** Product, amount, reference and recipient checks shared by confirm and purchase. */
function check(body: z.infer<typeof confirmSchema>): Checked | Reply {
  const product = VAS_PRODUCTS.find((p) => p.id === body.productID);
  if (!product) return fail(ERR.productNotFound, `Product ${body.productID} not found`);
  const sentReference =
    typeof body.reference === "string" ? body.reference : JSON.stringify(body.reference);
  if (sentReference !== JSON.stringify(product.reference))
    return fail(ERR.invalidRequest, "Invalid request: reference does not match the product");
  const amountCents = body.amount == null ? product.amountCents : wireCents(body.amount);
  if (amountCents === null)
    return fail(ERR.amountOutOfRange, "An amount is required for this product");
  if (product.amountCents !== null && amountCents !== product.amountCents)
    return fail(ERR.amountOutOfRange, `This product costs ${formatRand(product.amountCents)}`);
  if (
    product.minCents !== null &&
    product.maxCents !== null &&
    (amountCents < product.minCents || amountCents > product.maxCents)
  ) {
    return fail(
      ERR.amountOutOfRange,
      `Amount must be between ${formatRand(product.minCents)} and ${formatRand(product.maxCents)}`,
    );
  }
  let recipient: string | null = null;
  if (needsRecipient(product)) {
    recipient = (body.recipient ?? "").replace(/\s/g, "");
    if (!/^27[6-8]\d{8}$/.test(recipient))
      return fail(
        ERR.badRecipient,
        "Recipient must be a South African mobile number in the form 27XXXXXXXXX",
      );
  }
  return { product, amountCents, recipient, feeCents: product.feeCents };
}

const fees = (c: Checked) =>
  c.feeCents > 0 ? [{ desc: "Service fee", amount: rands(c.feeCents) }] : [];

export function confirmVas(ctx: Ctx): Reply {
  const parsed = confirmSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const c = check(parsed.data);
  if ("kind" in c) return c;
  let quoteId: string | null = null;
  if (needsQuote(c.product)) {
    quoteId = `Q${ctx.state.next()}`;
    ctx.state.quotes.set(quoteId, {
      quoteId,
      productId: c.product.id,
      amountCents: c.amountCents,
      totalCents: c.amountCents + c.feeCents,
      recipient: c.recipient,
      expiresAt: ctx.state.now() + QUOTE_TTL_MS,
      used: false,
    });
  }
  return ok({
    quoteId,
    productID: c.product.id,
    amount: rands(c.amountCents),
    fees: fees(c),
    total: rands(c.amountCents + c.feeCents),
  });
}

function digits(seed: string, n: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return (BigInt(`0x${hex.slice(0, 30)}`) % 10n ** BigInt(n)).toString().padStart(n, "0");
}

export function purchaseVas(ctx: Ctx): Reply {
  const parsed = purchaseSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const c = check(parsed.data);
  if ("kind" in c) return c;
  const state = ctx.state;
  if (needsQuote(c.product)) {
    const quote = parsed.data.quoteId ? state.quotes.get(parsed.data.quoteId) : undefined;
    const matches =
      quote &&
      !quote.used &&
      quote.expiresAt > state.now() &&
      quote.productId === c.product.id &&
      quote.amountCents === c.amountCents &&
      quote.recipient === c.recipient;
    if (!quote || !matches)
      return fail(ERR.quoteInvalid, "The quote expired or does not match. Get a new quote");
    quote.used = true;
  }
  const totalCents = c.amountCents + c.feeCents;
  if (totalCents > state.balanceCents)
    return fail(ERR.insufficientCredit, "Merchant credit is insufficient for this sale");
  const seq = state.next();
  const transactionId = `VAS${seq}`;
  const receiptNumber = `VR${seq}`;
  const txn = state.record({
    kind: "vas",
    path: ctx.path,
    idempotency: null,
    reference: parsed.data.merchantReference ?? transactionId,
    amountCents: totalCents,
    service: { type: "vas", spec: c.product.category },
    meterNumber: c.recipient,
    receipt: receiptNumber,
    request: ctx.body,
  });
  let pin: string | null = null;
  let serialNumber: string | null = null;
  let instructions: string | null = null;
  if (c.product.category === "voucher") {
    pin = digits(`${transactionId}:pin`, 16);
    serialNumber = digits(`${transactionId}:serial`, 12);
    instructions = `Redeem your ${c.product.provider} voucher with the PIN at ${c.product.provider.toLowerCase().replace(/\s+/g, "")}.co.za/redeem. Valid for 3 years.`;
  } else if (c.product.category === "lotto") {
    serialNumber = digits(`${transactionId}:ticket`, 14);
    const balls = [
      ...new Set(
        digits(`${transactionId}:balls`, 24)
          .match(/\d{2}/g)
          ?.map((d) => (Number(d) % 52) + 1),
      ),
    ]
      .slice(0, 6)
      .sort((a, b) => a - b);
    instructions = `Quick pick ${balls.map((b) => String(b).padStart(2, "0")).join(" ")}. Keep this slip; it is your ticket (draw after ${saYmd(txn.timestamp)}).`;
  }
  txn.proof = [pin, serialNumber].filter((v): v is string => v !== null);
  return ok({
    transactionId,
    productID: c.product.id,
    amount: rands(c.amountCents),
    total: rands(totalCents),
    recipient: c.recipient,
    pin,
    serialNumber,
    instructions,
    receiptNumber,
    timestamp: txn.timestamp,
  });
}
