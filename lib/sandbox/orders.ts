/** Card orders: putOrder and the order payment status, with the spec's error bodies. */
import { z } from "zod";
import type { Order, OrderState, SandboxState } from "./state";
import { saIso } from "./time";
import { json, rands, wireCents, type Ctx, type Reply } from "./wire";

/** The merchant behind the sandbox key: the spec's test value. */
export const SANDBOX_MERCHANT_ID = "staging";

const lineSchema = z.object({
  id: z.string().min(1),
  productId: z.string().min(1),
  name: z.string().min(1),
  description: z.string().nullish(),
  unitPrice: z.number(),
  currency: z.string(),
  quantity: z.number().positive(),
  lineTotal: z.number().nullish(),
  vat: z.number().nullish(),
  vatAmount: z.number().nullish(),
});

const putOrderSchema = z.object({
  merchantId: z.string().min(1),
  order: z.object({
    id: z.string().min(1),
    refferer: z.string().nullish(),
    date: z.string().refine((d) => !Number.isNaN(Date.parse(d)), "must be a date-time"),
    dueDate: z.string().nullish(),
    orderDescription: z.string().min(1),
    orderTotal: z.number().positive(),
    vatTotal: z.number().nullish(),
    currency: z.string(),
    products: z.array(lineSchema).min(1),
  }),
  redirectSuccess: z.url(),
  redirectCancel: z.url(),
  platform: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const orderError = (message: string) => json(400, { success: false, message });

export function putOrder(ctx: Ctx): Reply {
  const parsed = putOrderSchema.safeParse(ctx.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return orderError(
      issue ? `${issue.path.map(String).join(".")}: ${issue.message}` : "invalid order",
    );
  }
  const { order, merchantId, redirectSuccess, redirectCancel } = parsed.data;
  if (order.currency !== "ZAR" || order.products.some((p) => p.currency !== "ZAR"))
    return orderError("currency must be ZAR for the order and every line");
  const totalCents = wireCents(order.orderTotal);
  if (totalCents === null)
    return orderError("order.orderTotal must be rands with at most two decimals");
  const state = ctx.state;
  // A repeated order id gets the order already made for it, not a second one (see docs/sandbox.md).
  const existing = [...state.orders.values()].find((o) => o.vendorId === order.id);
  const made =
    existing ??
    createOrder(state, {
      vendorId: order.id,
      merchantId,
      description: order.orderDescription,
      totalCents,
      redirectSuccess,
      redirectCancel,
      lines: order.products.map((p) => ({
        name: p.name,
        quantity: p.quantity,
        unitPriceCents: wireCents(p.unitPrice) ?? 0,
      })),
    });
  return json(200, {
    orderId: made.orderId,
    referredId: made.vendorId,
    paymentPageUrl: `${ctx.origin}/checkout/${made.orderId}`,
    successCallback: made.redirectSuccess,
    failCallback: made.redirectCancel,
  });
}

function createOrder(
  state: SandboxState,
  o: Omit<Order, "orderId" | "createdAt" | "updatedAt" | "state">,
): Order {
  const now = state.now();
  const order: Order = {
    ...o,
    orderId: `ORD${state.next()}`,
    createdAt: now,
    updatedAt: now,
    state: "CREATED",
  };
  state.orders.set(order.orderId, order);
  return order;
}

export type PaymentStatus = "PAID" | "PENDING" | "FAILED" | "NO_ATTEMPT" | "VERIFICATION_ERROR";

const PAYMENT_STATUS: Record<OrderState, Exclude<PaymentStatus, "VERIFICATION_ERROR">> = {
  CREATED: "NO_ATTEMPT",
  PENDING: "PENDING",
  APPROVED: "PAID",
  DECLINED: "FAILED",
  CANCELLED: "NO_ATTEMPT",
};
const RAW_FOR: Record<Exclude<PaymentStatus, "VERIFICATION_ERROR">, OrderState> = {
  NO_ATTEMPT: "CREATED",
  PENDING: "PENDING",
  PAID: "APPROVED",
  FAILED: "DECLINED",
};

/** The spec's error body: the status fields plus empty id and referrer, and exactly one verification error. */
export function statusErrorBody(
  state: SandboxState,
  orderId: string,
  message: string,
  order?: Order,
) {
  const now = saIso(state.now());
  return {
    id: "",
    referrer: "",
    success: false,
    merchantId: SANDBOX_MERCHANT_ID,
    orderId,
    checkedOn: now,
    paymentStatus: "VERIFICATION_ERROR",
    paymentReference: orderId,
    transactionStatus: "",
    transactionAmount: order ? rands(order.totalCents) : 0,
    transactionCurrency: "ZAR",
    transactionTime: now,
    verificationErrors: [{ message }],
  };
}

export function checkOrderStatus(ctx: Ctx): Reply {
  const state = ctx.state;
  const parsed = z.object({ orderId: z.string().trim().min(1) }).safeParse(ctx.body);
  if (!parsed.success)
    return json(400, { status: 400, data: statusErrorBody(state, "", "orderId is required") });
  const requested = parsed.data.orderId;
  // The "gateway-order-ids" dialect: a service that knows its orders only by its own orderId.
  const order = ctx.state.dialectOn(ctx.path, "gateway-order-ids")
    ? state.orders.get(requested)
    : state.findOrder(requested);
  if (!order)
    return json(404, {
      status: 404,
      data: statusErrorBody(state, requested, `Order ${requested} not found`),
    });

  // A scripted answer is used once; then the status follows the order again.
  const script = state.orderScripts.get(order.orderId);
  const scripted = script?.shift();
  if (script && script.length === 0) state.orderScripts.delete(order.orderId);
  if (scripted === "VERIFICATION_ERROR") {
    return json(
      500,
      statusErrorBody(
        state,
        requested,
        "The payment gateway could not confirm the status of this order",
        order,
      ),
    );
  }
  // "PAID_WRONG_AMOUNT": a PAID whose capture is R 1,00 more than the order (a gateway that
  // captured another amount), so that a client can prove it releases nothing on it.
  const wrongAmount = scripted === "PAID_WRONG_AMOUNT";
  const paymentStatus = wrongAmount
    ? "PAID"
    : ((scripted as Exclude<PaymentStatus, "VERIFICATION_ERROR"> | undefined) ??
      PAYMENT_STATUS[order.state]);
  const raw = scripted ? RAW_FOR[paymentStatus] : order.state;
  return json(200, {
    success: true,
    merchantId: SANDBOX_MERCHANT_ID,
    orderId: requested,
    checkedOn: saIso(state.now()),
    paymentStatus,
    paymentReference: requested,
    transactionStatus: raw,
    transactionAmount: rands(order.totalCents + (wrongAmount ? 100 : 0)),
    transactionCurrency: "ZAR",
    transactionTime: saIso(order.updatedAt),
    verificationErrors: [],
  });
}

export type Outcome = "open" | "pay" | "decline" | "cancel";
const NEXT: Record<Outcome, OrderState> = {
  open: "PENDING",
  pay: "APPROVED",
  decline: "DECLINED",
  cancel: "CANCELLED",
};

/** Moves an order on; a finished order (paid, declined, cancelled) stays as it is. */
export function applyOutcome(
  state: SandboxState,
  order: Order,
  outcome: Outcome,
  path: string,
): Order {
  const open = order.state === "CREATED" || order.state === "PENDING";
  if (!open || (outcome === "open" && order.state === "PENDING")) return order;
  order.state = NEXT[outcome];
  order.updatedAt = state.now();
  if (order.state === "APPROVED") {
    state.record({
      kind: "card_payment",
      path,
      idempotency: null,
      reference: order.vendorId,
      amountCents: order.totalCents,
      service: null,
      meterNumber: null,
      receipt: order.orderId,
    });
  }
  return order;
}

export const SCRIPTABLE = [
  "PAID",
  "PAID_WRONG_AMOUNT",
  "PENDING",
  "FAILED",
  "NO_ATTEMPT",
  "VERIFICATION_ERROR",
] as const;
