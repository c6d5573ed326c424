import "server-only";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import {
  decodeConfirmed,
  decodeStandard,
  confirmCustomerWire,
  purchaseResultWire,
  callUpstream,
  type CallOptions,
  callPurchase,
  purchaseMessages,
  centsOrNull,
  cents,
  dateFromMs,
  soft,
  wireRands,
  wireText,
} from "@/lib/upstream";
import { log } from "@/lib/log";
import type { PaymentMethod, PostpaidMunicipality } from "@/lib/municipalities";
import { safeExternalUrl } from "@/lib/safe-url";

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
  /** The account's range from the core service (minLimit..maxLimit); null where it states none. */
  minCents: Cents | null;
  maxCents: Cents | null;
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

/**
 * The account holder and what is due (`/v2/Bills/ConfirmCustomer`) with the account's range,
 * asked side by side of the electricity confirm (`accountLimits`), so that the till and the
 * payment check an amount before anything is sent.
 */
export async function confirmAccount(
  input: { accountNumber: string; municipality: PostpaidMunicipality },
  options?: CallOptions,
): Promise<BillAccount> {
  const [account, range] = await Promise.all([
    confirmBillCustomer(input, options),
    accountLimits(input, options),
  ]);
  return { ...account, ...range };
}

function confirmBillCustomer(
  input: { accountNumber: string; municipality: PostpaidMunicipality },
  options?: CallOptions,
): Promise<Omit<BillAccount, "minCents" | "maxCents">> {
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

const NO_RANGE = { minCents: null, maxCents: null };

/**
 * The account's `minLimit`/`maxLimit` (whole rands), as the electricity confirm reports a
 * customer's range for a `_postpaid` municipality. Only a help for the till: when it cannot be
 * read the range is unknown and the core service alone decides, as before.
 */
async function accountLimits(
  input: { accountNumber: string; municipality: PostpaidMunicipality },
  options?: CallOptions,
): Promise<{ minCents: Cents | null; maxCents: Cents | null }> {
  const operation = "bills.limits";
  try {
    return await callUpstream({
      operation,
      body: { meterNumber: input.accountNumber, municipality: input.municipality },
      options: { ...options, maxAttempts: 1 },
      decode: (answer) => {
        const c = decodeConfirmed(operation, answer, confirmCustomerWire, { subject: "account" });
        const p = c.provider_specific ?? {};
        return { minCents: centsOrNull(p.minLimit), maxCents: centsOrNull(p.maxLimit) };
      },
    });
  } catch (error) {
    log().info({ err: error, operation }, "account range unknown");
    return NO_RANGE;
  }
}

export interface PayBillInput {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  amountCents: Cents;
  method: PaymentMethod;
  /** The sale's key: repeating the payment with it never pays twice. */
  idempotencyKey: string;
  /** The account's range from confirm, so a refusal can name it. */
  limits?: { minCents: Cents | null; maxCents: Cents | null };
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
      const r = decodeStandard(operation, answer, purchaseResultWire, {
        subject: "account",
        limits: input.limits,
      });
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
