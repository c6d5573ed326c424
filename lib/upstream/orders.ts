import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";
import type { Cents } from "@/lib/money";
import { decodeOrder, upstreamFailure } from "@/lib/upstream/envelope";
import { safeExternalUrl } from "@/lib/safe-url";
import { callUpstream, type CallOptions } from "@/lib/upstream/http";
import { toWireRands } from "@/lib/upstream/wire-common";

const orderCreatedWire = z.object({
  orderId: z.string(),
  referredId: z.string().nullish(),
  paymentPageUrl: z.url(),
  successCallback: z.string().nullish(),
  failCallback: z.string().nullish(),
});

export interface OrderLine {
  id: string;
  productId: string;
  name: string;
  description?: string | null;
  unitPriceCents: Cents;
  quantity: number;
  /** VAT rate in percent, e.g. 15. */
  vatPercent?: number | null;
  vatCents?: Cents | null;
}

export interface CardOrderInput {
  /** Kassa's sale id; the ledger and the status check name the order by it. */
  orderId: string;
  description: string;
  totalCents: Cents;
  vatCents?: Cents | null;
  lines: OrderLine[];
  /** Where the hosted checkout sends the customer back to. */
  returnTo: { success: string; cancel: string };
  metadata: { till: string; cashier: string; kind: string };
  at?: Date;
  dueAt?: Date | null;
  /** The order this one replaces, if any (the spec's `refferer`). */
  replacesOrderId?: string | null;
}

export interface CardOrder {
  /** The platform's own id of the order. */
  upstreamOrderId: string;
  orderId: string;
  /** Send the customer here to capture the card. */
  paymentPageUrl: string;
  successCallback: string | null;
  failCallback: string | null;
}

function orderBody(input: CardOrderInput) {
  return {
    merchantId: env().merchantId,
    order: {
      id: input.orderId,
      refferer: input.replacesOrderId ?? null,
      date: (input.at ?? new Date()).toISOString(),
      dueDate: input.dueAt ? input.dueAt.toISOString() : null,
      orderDescription: input.description,
      orderTotal: toWireRands(input.totalCents),
      vatTotal: input.vatCents == null ? null : toWireRands(input.vatCents),
      // The spec allows ZAR only, for the order and each line.
      currency: "ZAR",
      products: input.lines.map((line) => ({
        id: line.id,
        productId: line.productId,
        name: line.name,
        description: line.description ?? null,
        unitPrice: toWireRands(line.unitPriceCents),
        currency: "ZAR",
        quantity: line.quantity,
        lineTotal: toWireRands(Math.round(line.unitPriceCents * line.quantity)),
        vat: line.vatPercent ?? null,
        vatAmount: line.vatCents == null ? null : toWireRands(line.vatCents),
      })),
    },
    redirectSuccess: input.returnTo.success,
    redirectCancel: input.returnTo.cancel,
    platform: "kassa",
    metadata: input.metadata,
  };
}

/** putOrder. Never repeated automatically: a lost answer may still have opened the order upstream. */
export async function createOrder(
  input: CardOrderInput,
  options?: CallOptions,
): Promise<CardOrder> {
  const operation = "orders.putOrder";
  return callUpstream({
    operation,
    body: orderBody(input),
    options,
    decode: (answer) => {
      const r = decodeOrder(operation, answer, orderCreatedWire);
      // The customer is sent there: https only (http only for a loopback sandbox).
      const paymentPageUrl = safeExternalUrl(r.paymentPageUrl);
      if (!paymentPageUrl)
        throw upstreamFailure(operation, "malformed", {
          status: answer.status,
          detail: "paymentPageUrl is not an https address",
        });
      return {
        upstreamOrderId: r.orderId,
        orderId: r.referredId ?? input.orderId,
        paymentPageUrl,
        successCallback: r.successCallback ?? null,
        failCallback: r.failCallback ?? null,
      };
    },
  });
}
