/**
 * The slip of a fines sale: each fine paid with the registry's invoice and receipt
 * numbers (the customer's proof that the fine is cleared), then the totals.
 */
import { finesSlipData } from "@/lib/kinds/fines/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import * as slip from "@/lib/slip/model";

export const finesSlip: slip.SlipModelOf = (sale, merchant) => {
  const data = finesSlipData(sale.request, sale.result);
  if (!data) return slip.unreadableSlip(merchant, KIND_META.fines.label);
  return {
    title: "Traffic fines paid",
    blocks: [
      slip.header(merchant, null),
      slip.group(
        { testid: "fines-slip" },
        slip.centre("Traffic fines paid", { strong: true }),
        data.lookedUpBy && slip.centre(data.lookedUpBy),
        {
          type: "entries",
          entries: data.fines.map((f) => ({
            marks: { notice: f.noticeNumber },
            blocks: slip.blocks(
              slip.pair(f.noticeNumber, formatRand(f.grossCents), { strong: true }),
              f.charge && slip.text(f.charge),
              f.date && slip.text(`Offence date ${f.date}`),
              slip.pair("Registry invoice", f.invoiceNumber ?? "not given"),
              slip.pair("Registry receipt", f.receiptNumber ?? "not given", {
                marks: { testid: "fine-receipt" },
              }),
            ),
          })),
        },
        slip.section(
          data.netCents != null && slip.pair("Fines", formatRand(data.netCents)),
          data.vendorFeeCents != null &&
            slip.pair("Processing fees", formatRand(data.vendorFeeCents)),
          slip.pair("Total paid", formatRand(data.grossCents), {
            strong: true,
            marks: { testid: "fines-slip-total" },
          }),
          slip.paidBy(sale.method),
          slip.pair("Registry order", data.orderId),
          slip.pair("Date", saDateTime(sale.settledAt ?? sale.createdAt)),
        ),
      ),
    ],
  };
};
