import "server-only";
import type { Cents } from "@/lib/money";
import type { WireAnswer } from "@/lib/upstream/envelope";
import type { purchaseResultWire } from "@/lib/upstream/purchase-wire";
import { callUpstream, type CallOptions } from "@/lib/upstream/http";
import type { PaymentMethod } from "@/lib/upstream/municipalities";
import type { OperationName } from "@/lib/upstream/operations";
import { toWireRands } from "@/lib/upstream/wire-common";
import type { z } from "zod";

interface PurchaseCall<T> {
  operation: Extract<OperationName, "electricity.purchase" | "bills.purchase">;
  /** The meter number, or the account number of a bill. */
  number: string;
  municipality: string;
  amountCents: Cents;
  method: PaymentMethod;
  /** The sale's key: repeating the purchase with it never vends or pays twice. */
  idempotencyKey: string;
  options?: CallOptions;
  decode: (answer: WireAnswer) => T;
}

/**
 * `/v2/Electricity/Purchase`: a prepaid meter's vend, or a bill paid with the `_postpaid`
 * municipality. The sale's key goes in the body (`idempotency`), so a lost answer is
 * retried with it and the customer is served once.
 */
export function callPurchase<T>(call: PurchaseCall<T>): Promise<T> {
  return callUpstream({
    operation: call.operation,
    body: {
      meterNumber: call.number,
      municipality: call.municipality,
      amount: toWireRands(call.amountCents),
      method: call.method,
      idempotency: call.idempotencyKey,
    },
    idempotencyKey: call.idempotencyKey,
    options: call.options,
    decode: call.decode,
  });
}

/** What the municipality tells the customer: details.message, voucher.message, receiptdesc (in that order, no repeats). */
export function purchaseMessages(r: z.output<typeof purchaseResultWire>): string[] {
  const voucher = r.details?.voucher;
  const seen = new Set<string>();
  for (const t of [r.details?.message, voucher?.message, voucher?.receiptdesc])
    if (t?.trim()) seen.add(t.trim());
  return [...seen];
}
