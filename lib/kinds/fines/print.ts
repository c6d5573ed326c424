/** The traffic fines' slip on the printer's roll: each notice with the registry's numbers. */
import { formatRand } from "@/lib/money";
import { finesSlipData } from "@/lib/kinds/fines/slip-data";
import { header, paidBy, type PrintBody } from "@/lib/printing/slip-paper";
import { saDateTime } from "@/lib/sa-time";

export const printFines: PrintBody = (slip, sale, merchant) => {
  header(slip, merchant, null);
  const data = finesSlipData(sale.request, sale.result);
  if (!data) {
    slip.text("This sale's details cannot be read. Check it in History.");
    return;
  }
  slip.centre("Traffic fines paid", true);
  if (data.lookedUpBy) slip.centre(data.lookedUpBy);
  for (const f of data.fines) {
    slip.rule();
    slip.pair(f.noticeNumber, formatRand(f.grossCents), true);
    if (f.charge) slip.text(f.charge);
    if (f.date) slip.text(`Offence date ${f.date}`);
    slip.pair("Registry invoice", f.invoiceNumber ?? "not given");
    slip.pair("Registry receipt", f.receiptNumber ?? "not given");
  }
  slip.rule();
  if (data.netCents != null) slip.pair("Fines", formatRand(data.netCents));
  if (data.vendorFeeCents != null) slip.pair("Processing fees", formatRand(data.vendorFeeCents));
  slip.pair("Total paid", formatRand(data.grossCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.pair("Registry order", data.orderId);
  slip.pair("Date", saDateTime(sale.settledAt ?? sale.createdAt));
};
