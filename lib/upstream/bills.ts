import "server-only";
import { z } from "zod";
import type { Cents } from "../money";
import { decodeStandard, upstreamFailure } from "./envelope";
import { purchaseResultWire } from "./electricity-wire";
import { callUpstream, type CallOptions } from "./http";
import { errorNoMessage } from "./messages";
import type { PaymentMethod, PostpaidMunicipality } from "./municipalities";
import { centsOrNull, cents, dateFromMs, toWireRands, wireRands } from "./wire-common";

const billCustomerWire = z.object({
  exists: z.boolean(),
  municipality: z.string().nullish(),
  customer: z
    .object({
      accountNumber: z.string(),
      name: z.string().nullish(),
      address: z.string().nullish(),
      amountDue: wireRands.nullish(),
      dueDate: z.string().nullish(),
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
  /** The municipality's proof that the bill was offset. */
  receiptUrl: string | null;
  receiptNumber: string | null;
  at: Date;
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
      const result = decodeStandard(operation, answer, billCustomerWire, { subject: "account" });
      if (!result.exists || !result.customer) {
        throw upstreamFailure(operation, "rejected", {
          status: answer.status,
          code: 1001,
          cashierMessage: errorNoMessage(1001, null, { subject: "account" }),
        });
      }
      const c = result.customer;
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

export async function payBill(input: PayBillInput, options?: CallOptions): Promise<BillPayment> {
  const operation = "bills.purchase";
  const body = {
    accountNumber: input.accountNumber,
    municipality: input.municipality,
    amount: toWireRands(input.amountCents),
    method: input.method,
    idempotency: input.idempotencyKey,
  };
  return callUpstream({
    operation,
    body,
    idempotencyKey: input.idempotencyKey,
    options,
    decode: (answer) => {
      const r = decodeStandard(operation, answer, purchaseResultWire, { subject: "account" });
      return {
        accountNumber: r.meter,
        municipality: input.municipality,
        customerName: r.name ?? "",
        amountCents: cents(r.amount),
        receiptUrl: r.receipt ?? null,
        receiptNumber: r.details?.voucher?.receiptno ?? r.details?.refno ?? null,
        at: dateFromMs(r.timestamp),
      };
    },
  });
}
