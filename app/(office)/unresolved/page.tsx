import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { listUnresolved } from "@/lib/office/unresolved";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { ResolvePanel } from "./resolve-panel";
import { CoreReceipts } from "./core-receipts";
import { vasRecordsAround } from "@/lib/office/core-records";
import { paidNotDelivered } from "@/lib/sales/card";
import { PaidNotDeliveredPanel } from "./paid-not-delivered";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { labelOf, PAYMENT_METHOD_LABELS } from "@/lib/sales/labels";

export const metadata: Metadata = { title: "Unresolved sales" };
export const dynamic = "force-dynamic";

/** Every sale whose outcome is not known, and every card payment taken for a sale that was not delivered. */
export default async function UnresolvedPage() {
  await requirePageRole("supervisor");
  const [all, paid] = await Promise.all([listUnresolved(), paidNotDelivered()]);
  // Paid, not delivered: their own section, with Deliver and Refunded outside Kassa.
  const paidIds = new Set(paid.map((p) => p.sale.id));
  const items = all.filter((item) => !paidIds.has(item.saleId));
  // A VAS sale is never sent again by itself: the core service's own records say what happened.
  const records = await vasRecordsAround(
    items
      .filter((item) => item.why === "unknown" && item.kind === "vas")
      .map((item) => ({
        saleId: item.saleId,
        createdAt: item.createdAt,
        amountCents: item.amountCents,
        recipient: item.vasRecipient ?? null,
      })),
  );
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Unresolved sales</h1>
      {items.length === 0 && paid.length === 0 && (
        <p data-testid="nothing-unresolved">Nothing to resolve.</p>
      )}
      {paid.length > 0 && (
        <section aria-labelledby="paid-not-delivered-heading" className="flex flex-col gap-3">
          <h2 id="paid-not-delivered-heading" className="text-xl font-semibold">
            Paid, not delivered
          </h2>
          <ul className="flex flex-col gap-4">
            {paid.map(({ sale, order }) => (
              <li
                key={sale.id}
                data-sale-id={sale.id}
                aria-label={`Paid, not delivered ${sale.reference}`}
                className="rounded-xl bg-white p-4 shadow"
              >
                <p className="font-semibold">
                  Paid, not delivered · {sale.kind} · {formatRand(sale.amountCents)} · card
                </p>
                <p className="text-slate-700">
                  Reference <span className="font-mono">{sale.reference}</span> ·{" "}
                  {formatSaDateTime(sale.createdAt)} · order{" "}
                  <span className="font-mono">{order.upstreamOrderId ?? sale.id}</span>
                  {order.paidNotDeliveredAt &&
                    ` · paid after the till stopped waiting (${formatSaDateTime(order.paidNotDeliveredAt)})`}
                </p>
                <p className="font-mono text-xs text-slate-500">{sale.id}</p>
                <PaidNotDeliveredPanel saleId={sale.id} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <li
            key={item.saleId}
            data-sale-id={item.saleId}
            aria-label={`Sale ${item.reference}`}
            className="rounded-xl bg-white p-4 shadow"
          >
            <p className="font-semibold">
              {item.why === "unknown" ? "Not confirmed" : "Paid by card, not delivered — refund"} ·{" "}
              {labelOf(KIND_LABELS, item.kind)} · {formatRand(item.amountCents)} ·{" "}
              {labelOf(PAYMENT_METHOD_LABELS, item.method)}
            </p>
            <p className="text-slate-700">
              Reference <span className="font-mono">{item.reference}</span> · {item.cashier} at{" "}
              {item.tillName} · {formatSaDateTime(item.createdAt)}
              {item.orderStatus && ` · card order ${item.orderStatus}`}
            </p>
            <p className="font-mono text-xs text-slate-500">{item.saleId}</p>
            {item.message && <p className="text-slate-700">{item.message}</p>}
            {records.has(item.saleId) && (
              <CoreReceipts saleId={item.saleId} records={records.get(item.saleId)!} />
            )}
            <ResolvePanel
              item={{
                saleId: item.saleId,
                canRetry: item.canRetry,
                canCheckPayment: item.canCheckPayment,
                canRecheckFines: item.canRecheckFines,
                why: item.why,
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
