import "server-only";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import { decodeConfirmed, decodeStandard } from "@/lib/upstream/envelope";
import { purchaseResultWire } from "@/lib/upstream/electricity-wire";
import { callUpstream, type CallOptions } from "@/lib/upstream/http";
import { callPurchase, purchaseMessages } from "@/lib/upstream/purchase";
import type { PaymentMethod, PostpaidMunicipality } from "@/lib/upstream/municipalities";
import { safeExternalUrl } from "@/lib/upstream/urls";
import {
  centsOrNull,
  cents,
  dateFromMs,
  soft,
  wireRands,
  wireText,
} from "@/lib/upstream/wire-common";

const billCustomerWire = z.object({
  exists: z.union([
    z.boolean(),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
  ]),
  municipality: soft("municipality", z.string()),
  customer: z
    .object({
      accountNumber: wireText,
      name: soft("customer.name", z.string()),
      address: soft("customer.address", z.string()),
      amountDue: soft("customer.amountDue", wireRands),
      dueDate: soft("customer.dueDate", z.string()),
    })
    .nullish(),
});

export interface BillAccount {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  name: string;
  address: string | null;
  amountDueCents: Cents | null;
  /** Calendar date `YYYY-MM-DD` as the municipality states it; no time zone to get wrong. */
  dueDate: string | null;
}

export interface BillPayment {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  customerName: string;
  amountCents: Cents;
  /** The municipality's proof that the bill was offset (https only; see urls.ts). */
  receiptUrl: string | null;
  receiptNumber: string | null;
  at: Date;
  /** What the municipality tells the customer (details.message, voucher.message, receiptdesc). */
  messages: string[];
}

export async function confirmAccount(
  input: { accountNumber: string; municipality: PostpaidMunicipality },
  options?: CallOptions,
): Promise<BillAccount> {
  const operation = "bills.confirmCustomer";
  return callUpstream({
    operation,
    body: { accountNumber: input.accountNumber, municipality: input.municipality },
    options,
    decode: (answer) => {
      const c = decodeConfirmed(operation, answer, billCustomerWire, { subject: "account" });
      return {
        accountNumber: c.accountNumber,
        municipality: input.municipality,
        name: c.name ?? "",
        address: c.address ?? null,
        amountDueCents: centsOrNull(c.amountDue),
        dueDate: c.dueDate ?? null,
      };
    },
  });
}

export interface PayBillInput {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  amountCents: Cents;
  method: PaymentMethod;
  /** The sale's key: repeating the payment with it never pays twice. */
  idempotencyKey: string;
}

/**
 * Pays through `/v2/Electricity/Purchase` with the `_postpaid` municipality and the
 * sale's `idempotency`: the only purchase the spec promises not to repeat, so a lost
 * answer is retried with the same key and the bill is still paid once.
 */
export async function payBill(input: PayBillInput, options?: CallOptions): Promise<BillPayment> {
  const operation = "bills.purchase";
  return callPurchase({
    operation,
    number: input.accountNumber,
    municipality: input.municipality,
    amountCents: input.amountCents,
    method: input.method,
    idempotencyKey: input.idempotencyKey,
    options,
    decode: (answer) => {
      const r = decodeStandard(operation, answer, purchaseResultWire, { subject: "account" });
      const voucher = r.details?.voucher;
      return {
        accountNumber: r.meter ?? input.accountNumber,
        municipality: input.municipality,
        customerName: r.name ?? "",
        amountCents: r.amount == null ? input.amountCents : cents(r.amount),
        receiptUrl: safeExternalUrl(r.receipt),
        receiptNumber: voucher?.receiptno ?? r.details?.refno ?? null,
        at: r.timestamp == null ? new Date() : dateFromMs(r.timestamp),
        messages: purchaseMessages(r),
      };
    },
  });
}
