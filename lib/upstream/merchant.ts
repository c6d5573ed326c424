import "server-only";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import { decodeStandard } from "@/lib/upstream/envelope";
import { callUpstream, type CallOptions } from "@/lib/upstream/http";
import { cents, dateFromMs, wireInt, wireInt64, wireRands } from "@/lib/upstream/wire-common";

const receiptWire = z.object({
  transactionId: z.string(),
  type: z.string(),
  timestamp: wireInt64,
  amount: wireRands,
  meterNumber: z.string().nullish(),
  receipt: z.string().nullish(),
});

const balanceWire = z.object({
  balance: wireRands,
  payments: z
    .object({
      lastPaymentValue: wireRands.nullish(),
      nPayments: wireInt.nullish(),
      paymentsTotal: wireRands.nullish(),
    })
    .nullish(),
  services: z
    .array(
      z.object({
        balance: wireRands,
        type: z.string(),
        service_specification: z.string().nullish(),
        nTransactions: wireInt.nullish(),
        receipts: z.array(receiptWire).nullish(),
      }),
    )
    .nullish(),
  timestamp: wireInt64,
});

export interface BalanceReceipt {
  transactionId: string;
  /** `topup` (a sale) or `deposited` (money paid in); other values as given. */
  kind: string;
  at: Date;
  amountCents: Cents;
  meterNumber: string | null;
  receipt: string | null;
}

export interface ServiceBalance {
  /** The service type name, e.g. electricity or airtime. */
  service: string;
  /** The municipality (or other slot) this line covers. */
  slot: string | null;
  balanceCents: Cents;
  transactionCount: number | null;
  /** Present only when receipts were asked for. */
  receipts: BalanceReceipt[] | null;
}

export interface MerchantBalance {
  balanceCents: Cents;
  lastPaymentCents: Cents | null;
  paymentCount: number | null;
  paymentsTotalCents: Cents | null;
  services: ServiceBalance[];
  at: Date;
}

export async function checkBalance(
  input: { withReceipts?: { from: Date; to?: Date } } = {},
  options?: CallOptions,
): Promise<MerchantBalance> {
  const operation = "merchant.checkBalance";
  const period = input.withReceipts;
  const body = period
    ? {
        printReceipts: true,
        receiptsConfiguration: { from: period.from.getTime(), to: period.to?.getTime() ?? null },
      }
    : { printReceipts: false };
  return callUpstream({
    operation,
    body,
    options,
    decode: (answer) => {
      const r = decodeStandard(operation, answer, balanceWire);
      return {
        balanceCents: cents(r.balance),
        lastPaymentCents:
          r.payments?.lastPaymentValue == null ? null : cents(r.payments.lastPaymentValue),
        paymentCount: r.payments?.nPayments ?? null,
        paymentsTotalCents:
          r.payments?.paymentsTotal == null ? null : cents(r.payments.paymentsTotal),
        services: (r.services ?? []).map((s) => ({
          service: s.type,
          slot: s.service_specification ?? null,
          balanceCents: cents(s.balance),
          transactionCount: s.nTransactions ?? null,
          receipts:
            s.receipts?.map((x) => ({
              transactionId: x.transactionId,
              kind: x.type,
              at: dateFromMs(x.timestamp),
              amountCents: cents(x.amount),
              meterNumber: x.meterNumber ?? null,
              receipt: x.receipt ?? null,
            })) ?? null,
        })),
        at: dateFromMs(r.timestamp),
      };
    },
  });
}
