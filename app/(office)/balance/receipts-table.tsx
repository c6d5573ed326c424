import type { ServiceBalance } from "@/lib/upstream";
import { serviceLabel, slotLabel } from "@/lib/office/service-labels";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";

/** Every receipt of the chosen period, across the services, oldest first. */
export function ReceiptsTable({ services }: { services: ServiceBalance[] }) {
  const receipts = services
    .flatMap((s) => (s.receipts ?? []).map((r) => ({ ...r, service: s.service, slot: s.slot })))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const total = receipts.reduce((sum, r) => sum + r.amountCents, 0);
  if (receipts.length === 0) return <p className="mt-3">No receipts in this period.</p>;
  return (
    <table className="mt-3 w-full text-left" aria-label="Receipts">
      <thead>
        <tr className="border-b border-slate-400">
          <th scope="col">Time</th>
          <th scope="col">Service</th>
          <th scope="col">Slot</th>
          <th scope="col">Transaction</th>
          <th scope="col">Meter</th>
          <th scope="col">Receipt</th>
          <th scope="col" className="text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {receipts.map((r) => (
          <tr key={r.transactionId} className="border-b border-slate-200">
            <td>{formatSaDateTime(r.at)}</td>
            <td>{serviceLabel(r.service)}</td>
            <td>{slotLabel(r.slot)}</td>
            <td className="font-mono">{r.transactionId}</td>
            <td className="font-mono">{r.meterNumber}</td>
            <td className="font-mono">{r.receipt}</td>
            <td className="text-right font-mono">{formatRand(r.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={6} className="text-left">
            {receipts.length} receipts
          </th>
          <td className="text-right font-mono" data-testid="receipts-total">
            {formatRand(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
