/** The end-of-day ledger: approved card payments of the previous South African day, with the test edits applied. */
import { SANDBOX_MERCHANT_ID } from "./orders";
import { SA_TZ, previousBusinessDay, saIso } from "./time";
import { json, rands, type Ctx, type Reply } from "./wire";

export function endOfDayLedger(ctx: Ctx): Reply {
  const state = ctx.state;
  const now = state.now();
  const day = previousBusinessDay(now);
  const inDay = (t: number) => t >= day.startMs && t < day.endMs;
  const edits = state.ledger;
  const transactions = [
    ...[...state.orders.values()]
      .filter((o) => o.state === "APPROVED" && inDay(o.updatedAt) && !edits.hidden.has(o.vendorId))
      .map((o) => ({
        paymentReference: o.vendorId,
        status: "APPROVED",
        cents: edits.amendedCents.get(o.vendorId) ?? o.totalCents,
        at: o.updatedAt,
      })),
    ...edits.extra
      .filter((x) => inDay(x.timestamp))
      .map((x) => ({
        paymentReference: x.paymentReference,
        status: x.status,
        cents: x.amountCents,
        at: x.timestamp,
      })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((t) => ({
      paymentReference: t.paymentReference,
      transactionStatus: t.status,
      transactionAmount: rands(t.cents),
      transactionCurrency: "ZAR",
      transactionTime: saIso(t.at),
    }));
  const totalCents = transactions.reduce((s, t) => s + Math.round(t.transactionAmount * 100), 0);
  return json(200, {
    success: true,
    merchantId: SANDBOX_MERCHANT_ID,
    timezone: SA_TZ,
    businessDate: edits.businessDate ?? day.date,
    periodStart: saIso(day.startMs),
    periodEnd: saIso(day.endMs - 1),
    generatedOn: saIso(now),
    transactionCount: transactions.length,
    totalAmount: rands(totalCents),
    verificationErrorCount: edits.verificationErrors.length,
    transactions,
    verificationErrors: edits.verificationErrors.map((message) => ({ message })),
  });
}
