import type { Staff } from "@/lib/auth/staff";
import { formatRand } from "@/lib/money";
import { saTime } from "@/lib/sa-time";
import { paidNotDelivered, waitingCardSales } from "@/lib/sales/card";
import { CheckPayment } from "./check-payment";

/**
 * On every till page (server-rendered in the till layout): this cashier's card sales that a
 * customer paid after the till stopped waiting (a supervisor delivers or refunds them), and
 * card sales still waiting for a payment whose screen was left (a closed tab, a reload).
 */
export async function TillCardNotice({ staff }: { staff: Staff }) {
  const [paid, waiting] = await Promise.all([
    paidNotDelivered(staff.userId),
    waitingCardSales(staff.userId, staff.till.id),
  ]);
  if (paid.length === 0 && waiting.length === 0) return null;
  return (
    <section
      aria-label="Card payments to follow up"
      className="mx-auto flex max-w-5xl flex-col gap-2 px-4 pt-3"
    >
      {paid.map(({ sale, order }) => (
        <p
          key={sale.id}
          role="alert"
          data-testid="paid-not-delivered-notice"
          className="rounded bg-amber-100 p-3 text-amber-900"
        >
          <strong>Paid, not delivered:</strong> {formatRand(sale.amountCents)} by card for{" "}
          {sale.reference} ({saTime(sale.createdAt)}), order{" "}
          <span className="font-mono">{order.upstreamOrderId ?? sale.id}</span>. The customer paid
          after the till stopped waiting. Do not sell again: a supervisor delivers it or refunds the
          customer.
        </p>
      ))}
      {waiting.map((sale) => (
        <div
          key={sale.id}
          data-testid="waiting-card-notice"
          className="flex flex-wrap items-center gap-3 rounded bg-sky-100 p-3 text-sky-950"
        >
          <span>
            <strong>Card payment waiting:</strong> {formatRand(sale.amountCents)} for{" "}
            {sale.reference} ({saTime(sale.createdAt)}).
          </span>
          <CheckPayment saleId={sale.id} />
        </div>
      ))}
    </section>
  );
}
