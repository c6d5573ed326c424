/** POST /v1/Merchant/CheckBalance: credit left, deposits, and what each service slot consumed. */
import { z } from "zod";
import { PREPAID, POSTPAID } from "./data-meters";
import { ERR, fail, invalidRequest, ok, rands, type Ctx, type Reply } from "./wire";

/** Every slot is always listed, so a fresh sandbox shows zeros rather than an empty list. */
const SLOTS: { type: string; spec: string }[] = [
  ...PREPAID.map((spec) => ({ type: "prepaid_electricity", spec })),
  ...POSTPAID.map((spec) => ({ type: "postpaid_bill", spec })),
  { type: "traffic_fines", spec: "traffic_fines" },
  ...["airtime", "data", "lotto", "voucher"].map((spec) => ({ type: "vas", spec })),
];

const bodySchema = z
  .object({
    printReceipts: z.boolean().nullish(),
    receiptsConfiguration: z
      .object({ from: z.number().int(), to: z.number().int().nullish() })
      .nullish(),
  })
  .nullish();

export function checkBalance(ctx: Ctx): Reply {
  const parsed = bodySchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const state = ctx.state;
  const now = state.now();
  const print = parsed.data?.printReceipts === true;
  const period = parsed.data?.receiptsConfiguration;
  if (print && !period)
    return fail(
      ERR.invalidRequest,
      "Invalid request: receiptsConfiguration.from is required when printReceipts is true",
    );
  const from = period?.from ?? 0;
  const to = period?.to ?? now;

  const services = SLOTS.map((slot) => {
    const txns = state.transactions.filter(
      (t) => t.service?.type === slot.type && t.service.spec === slot.spec,
    );
    return {
      balance: rands(txns.reduce((s, t) => s + t.amountCents, 0)),
      type: slot.type,
      service_specification: slot.spec,
      nTransactions: txns.length,
      receipts: print
        ? txns
            .filter((t) => t.timestamp >= from && t.timestamp <= to)
            .map((t) => ({
              transactionId: t.id,
              type: "topup",
              timestamp: t.timestamp,
              amount: rands(t.amountCents),
              meterNumber: t.meterNumber,
              receipt: t.receipt,
            }))
        : null,
    };
  });
  const last = [...state.deposits].sort((a, b) => b.timestamp - a.timestamp)[0];
  return ok({
    balance: rands(state.balanceCents),
    payments: {
      lastPaymentValue: last ? rands(last.amountCents) : 0,
      nPayments: state.deposits.length,
      paymentsTotal: rands(state.deposits.reduce((s, d) => s + d.amountCents, 0)),
    },
    services,
    timestamp: now,
  });
}
