import "server-only";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import { decodeReconciliation } from "@/lib/upstream/envelope";
import { callUpstream, type CallOptions } from "@/lib/upstream/http";
import {
  centsOrNull,
  cents,
  dateFromIso,
  wireDay,
  wireInt,
  wireRands,
  wireSuccess,
} from "@/lib/upstream/wire-common";

const verificationErrorsWire = z.array(z.object({ message: z.string() })).nullish();

// Every field is checked before Kassa keeps or shows the ledger: the business date becomes the
// key it is kept under and a file name, the references and statuses land on screen and in CSV.
const ledgerWire = z.object({
  success: wireSuccess,
  merchantId: z.string().max(200).nullish(),
  timezone: z.string().max(100).nullish(),
  businessDate: wireDay,
  periodStart: z.string().nullish(),
  periodEnd: z.string().nullish(),
  generatedOn: z.string().nullish(),
  transactionCount: wireInt.pipe(z.number().min(0)).nullish(),
  totalAmount: wireRands.nullish(),
  verificationErrorCount: wireInt.nullish(),
  // Some gateways send `transactions: null` for a day without payments.
  transactions: z
    .array(
      z.object({
        paymentReference: z.string().trim().min(1).max(200),
        transactionStatus: z.string().trim().min(1).max(64),
        transactionAmount: wireRands,
        transactionCurrency: z
          .string()
          .regex(/^[A-Za-z]{3}$/, "not an ISO 4217 code")
          .nullish(),
        transactionTime: z.string().nullish(),
      }),
    )
    .nullish(),
  verificationErrors: verificationErrorsWire,
});

export const PAYMENT_STATUSES = [
  "PAID",
  "PENDING",
  "FAILED",
  "NO_ATTEMPT",
  "VERIFICATION_ERROR",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const statusWire = z.object({
  success: wireSuccess,
  merchantId: z.string().nullish(),
  orderId: z.string().nullish(),
  checkedOn: z.string().nullish(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentReference: z.string().nullish(),
  transactionStatus: z.string().nullish(),
  transactionAmount: wireRands.nullish(),
  transactionCurrency: z.string().nullish(),
  transactionTime: z.string().nullish(),
  verificationErrors: verificationErrorsWire,
});

export interface LedgerEntry {
  /** The order id, which is Kassa's sale id. */
  orderId: string;
  /** The gateway's raw status, e.g. APPROVED, DECLINED, CANCELLED. */
  gatewayStatus: string;
  amountCents: Cents;
  currency: string;
  at: Date | null;
}

export interface Ledger {
  merchantId: string | null;
  /** The South African business day covered, `YYYY-MM-DD`. */
  businessDate: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  generatedOn: Date | null;
  transactionCount: number;
  totalCents: Cents;
  entries: LedgerEntry[];
  verificationErrors: string[];
}

/** Yesterday's card payments (Africa/Johannesburg), for the supervisor's end-of-day check. */
export async function fetchLedger(options?: CallOptions): Promise<Ledger> {
  const operation = "reconciliation.endOfDayLedger";
  return callUpstream({
    operation,
    options,
    decode: (answer) => {
      const r = decodeReconciliation(operation, answer, ledgerWire, false);
      const entries = (r.transactions ?? []).map((t) => ({
        orderId: t.paymentReference,
        gatewayStatus: t.transactionStatus,
        amountCents: cents(t.transactionAmount),
        currency: t.transactionCurrency ?? "ZAR",
        at: dateFromIso(t.transactionTime),
      }));
      return {
        merchantId: r.merchantId ?? null,
        businessDate: r.businessDate,
        periodStart: dateFromIso(r.periodStart),
        periodEnd: dateFromIso(r.periodEnd),
        generatedOn: dateFromIso(r.generatedOn),
        transactionCount: r.transactionCount ?? entries.length,
        totalCents:
          centsOrNull(r.totalAmount) ?? entries.reduce((sum, e) => sum + e.amountCents, 0),
        entries,
        verificationErrors: (r.verificationErrors ?? []).map((e) => e.message),
      };
    },
  });
}

export interface OrderPaymentStatus {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** The gateway's raw status, when there was a payment attempt. */
  gatewayStatus: string | null;
  amountCents: Cents | null;
  currency: string | null;
  at: Date | null;
  checkedOn: Date | null;
  /** Why the status could not be determined (VERIFICATION_ERROR). */
  verificationErrors: string[];
}

/** A VERIFICATION_ERROR answer is returned, not thrown: it is what the service knows about the order. */
export async function checkOrderPaymentStatus(
  orderId: string,
  options?: CallOptions,
): Promise<OrderPaymentStatus> {
  const operation = "reconciliation.checkOrderPaymentStatus";
  return callUpstream({
    operation,
    body: { orderId },
    options,
    decode: (answer) => {
      const r = decodeReconciliation(operation, answer, statusWire, true);
      return {
        // Error bodies carry empty ids; the order asked about is the one that matters.
        orderId: r.orderId || orderId,
        paymentStatus: r.paymentStatus,
        gatewayStatus: r.transactionStatus || null,
        amountCents: centsOrNull(r.transactionAmount),
        currency: r.transactionCurrency || null,
        at: r.transactionTime ? dateFromIso(r.transactionTime) : null,
        checkedOn: r.checkedOn ? dateFromIso(r.checkedOn) : null,
        verificationErrors: (r.verificationErrors ?? []).map((e) => e.message),
      };
    },
  });
}
