import type { Sale } from "@/lib/sales/types";
import { finesSlipData } from "@/lib/kinds/fines/slip-data";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";

/**
 * The slip of a fines sale: each fine paid with the registry's invoice and receipt
 * numbers (the customer's proof that the fine is cleared), then the totals.
 */
export function FinesSlipBody({
  sale,
}: {
  sale: Pick<Sale, "request" | "result" | "method" | "settledAt" | "createdAt" | "id">;
}) {
  const data = finesSlipData(sale.request, sale.result);
  if (!data) return <p>This sale&apos;s details cannot be read. Check it in History.</p>;
  return (
    <div className="flex flex-col gap-2" data-testid="fines-slip">
      <div className="text-center font-bold">Traffic fines paid</div>
      {data.lookedUpBy && <p className="text-center text-sm">{data.lookedUpBy}</p>}
      <ol className="flex flex-col gap-2">
        {data.fines.map((f) => (
          <li
            key={f.noticeNumber}
            data-notice={f.noticeNumber}
            className="border-b border-dashed border-black pb-2 text-sm"
          >
            <div className="flex justify-between font-semibold">
              <span className="font-mono">{f.noticeNumber}</span>
              <span>{formatRand(f.grossCents)}</span>
            </div>
            {f.charge && <div>{f.charge}</div>}
            {f.date && <div>Offence date {f.date}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 [&>dd]:text-right">
              <dt>Registry invoice</dt>
              <dd className="font-mono">{f.invoiceNumber ?? "not given"}</dd>
              <dt>Registry receipt</dt>
              <dd className="font-mono" data-testid="fine-receipt">
                {f.receiptNumber ?? "not given"}
              </dd>
            </dl>
          </li>
        ))}
      </ol>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm [&>dd]:text-right">
        {data.netCents != null && (
          <>
            <dt>Fines</dt>
            <dd>{formatRand(data.netCents)}</dd>
          </>
        )}
        {data.vendorFeeCents != null && (
          <>
            <dt>Processing fees</dt>
            <dd>{formatRand(data.vendorFeeCents)}</dd>
          </>
        )}
        <dt className="font-bold">Total paid</dt>
        <dd className="font-bold" data-testid="fines-slip-total">
          {formatRand(data.grossCents)}
        </dd>
        <dt>Paid by</dt>
        <dd>{sale.method === "card" ? "Card" : "Cash"}</dd>
        <dt>Registry order</dt>
        <dd className="font-mono">{data.orderId}</dd>
        <dt>Date</dt>
        <dd>{saDateTime(sale.settledAt ?? sale.createdAt)}</dd>
      </dl>
    </div>
  );
}
