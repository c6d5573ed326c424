import type { ServiceBalance } from "@/lib/upstream";
import { serviceLabel, slotLabel } from "@/lib/office/service-labels";
import { formatSaDateTime } from "@/lib/reports/day";
import { DataTable, MoneyCell, TableHead, end } from "@/components/ui/table";

/** Every receipt of the chosen period, across the services, oldest first. */
export function ReceiptsTable({ services }: { services: ServiceBalance[] }) {
  const receipts = services
    .flatMap((s) => (s.receipts ?? []).map((r) => ({ ...r, service: s.service, slot: s.slot })))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const total = receipts.reduce((sum, r) => sum + r.amountCents, 0);
  if (receipts.length === 0) return <p className="mt-3">No receipts in this period.</p>;
  return (
    <DataTable label="Receipts" className="mt-3">
      <TableHead
        columns={["Time", "Service", "Slot", "Transaction", "Meter", "Receipt", end("Amount")]}
      />
      <tbody>
        {receipts.map((r) => (
          <tr key={r.transactionId} className="border-b border-slate-200">
            <td>{formatSaDateTime(r.at)}</td>
            <td>{serviceLabel(r.service)}</td>
            <td>{slotLabel(r.slot)}</td>
            <td className="id">{r.transactionId}</td>
            <td className="id">{r.meterNumber}</td>
            <td className="id">{r.receipt}</td>
            <MoneyCell cents={r.amountCents} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={6} className="text-left">
            {receipts.length} receipts
          </th>
          <MoneyCell cents={total} testId="receipts-total" />
        </tr>
      </tfoot>
    </DataTable>
  );
}
