import type { CoreRecords } from "@/lib/office/core-records";
import { slotLabel } from "@/lib/office/service-labels";
import { formatSaDateTime } from "@/lib/reports/day";
import { formatMobileNumber } from "@/lib/kinds/vas/mobile";
import { DataTable, MoneyCell, TableHead, end } from "@/components/ui/table";

/**
 * What the core service booked around a not-confirmed VAS sale (the merchant balance's
 * receipts), so a supervisor matches the sale to a transaction id rather than guess.
 */
export function CoreReceipts({ saleId, records }: { saleId: string; records: CoreRecords }) {
  const headingId = `core-records-${saleId}`;
  return (
    <section aria-labelledby={headingId} className="mt-3 flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold">
        The core service&apos;s records around this sale
      </h2>
      {!records.ok ? (
        <p role="status" className="text-danger">
          The core service&apos;s records could not be read: {records.error} Reload the page to ask
          again.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Airtime, data, lotto and voucher receipts of the merchant balance from{" "}
            {formatSaDateTime(records.from)} to {formatSaDateTime(records.to)}. A receipt of the
            same amount to the same number is most likely this sale: resolve it as Completed and
            name its transaction id in the reason. With none, it was most likely not sold.
          </p>
          {records.receipts.length === 0 ? (
            <p data-testid="no-core-receipts">No receipts in this period.</p>
          ) : (
            <DataTable label={`Core service receipts around sale ${saleId}`} className="text-sm">
              <TableHead
                columns={[
                  "Time",
                  "Kind",
                  "Transaction",
                  "Mobile number",
                  "Receipt",
                  end("Amount"),
                  "Match",
                ]}
              />
              <tbody>
                {records.receipts.map((r) => (
                  <tr
                    key={r.transactionId}
                    data-transaction={r.transactionId}
                    className={`border-b border-slate-200 ${r.matches ? "bg-amber-50 font-semibold" : ""}`}
                  >
                    <td className="whitespace-nowrap">{formatSaDateTime(r.at)}</td>
                    <td>{slotLabel(r.slot)}</td>
                    <td className="id">{r.transactionId}</td>
                    <td className="id">{r.number ? formatMobileNumber(r.number) : "—"}</td>
                    <td className="id">{r.receipt ?? "—"}</td>
                    <MoneyCell cents={r.amountCents} />
                    <td>{r.matches ? "Same amount and number" : ""}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </>
      )}
    </section>
  );
}
