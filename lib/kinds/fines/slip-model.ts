/**
 * The slip of a fines sale: each fine paid with the registry's invoice and receipt
 * numbers (the customer's proof that the fine is cleared), then the totals.
 */
import { finesSlipData } from "@/lib/kinds/fines/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import {
  blocks,
  centre,
  group,
  header,
  pair,
  paidBy,
  section,
  text,
  unreadableSlip,
  type SlipModelOf,
} from "@/lib/slip/model";

export const finesSlip: SlipModelOf = (sale, merchant) => {
  const data = finesSlipData(sale.request, sale.result);
  if (!data) return unreadableSlip(merchant, KIND_META.fines.label);
  return {
    title: "Traffic fines paid",
    blocks: [
      header(merchant, null),
      group(
        { testid: "fines-slip" },
        centre("Traffic fines paid", { strong: true }),
        data.lookedUpBy && centre(data.lookedUpBy),
        {
          type: "entries",
          entries: data.fines.map((f) => ({
            marks: { notice: f.noticeNumber },
            blocks: blocks(
              pair(f.noticeNumber, formatRand(f.grossCents), { strong: true }),
              f.charge && text(f.charge),
              f.date && text(`Offence date ${f.date}`),
              pair("Registry invoice", f.invoiceNumber ?? "not given"),
              pair("Registry receipt", f.receiptNumber ?? "not given", {
                marks: { testid: "fine-receipt" },
              }),
            ),
          })),
        },
        section(
          data.netCents != null && pair("Fines", formatRand(data.netCents)),
          data.vendorFeeCents != null && pair("Processing fees", formatRand(data.vendorFeeCents)),
          pair("Total paid", formatRand(data.grossCents), {
            strong: true,
            marks: { testid: "fines-slip-total" },
          }),
          paidBy(sale.method),
          pair("Registry order", data.orderId),
          pair("Date", saDateTime(sale.settledAt ?? sale.createdAt)),
        ),
      ),
    ],
  };
};
