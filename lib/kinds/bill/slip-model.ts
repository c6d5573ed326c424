/** The postpaid account payment: account, municipality, amount, and the municipality's receipt link and QR. */
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand } from "@/lib/money";
import { municipalityLabel } from "@/lib/municipalities";
import { safeExternalUrl } from "@/lib/safe-url";
import * as slip from "@/lib/slip/model";

export const billSlip: slip.SlipModelOf = (sale, merchant) => {
  const parsed = billResultSchema.safeParse(sale.result);
  if (!parsed.success) return slip.unreadableSlip(merchant, KIND_META.bill.label);
  const r = parsed.data;
  // Checked again here: a result stored before the client checked it must not print a javascript: link.
  const receiptUrl = safeExternalUrl(r.receiptUrl);
  return {
    title: "Municipal account payment",
    blocks: slip.blocks(
      slip.header(merchant, "Account payment receipt", { number: r.receiptNumber, at: r.at }),
      slip.section(
        slip.pair("Municipality", municipalityLabel(r.municipality)),
        slip.pair("Account", r.accountNumber),
        slip.pair("Account holder", r.customerName || "—"),
        slip.pair("Amount", formatRand(r.amountCents), { strong: true }),
        slip.paidBy(sale.method),
        slip.pair("Receipt reference", r.receiptNumber ?? "—"),
      ),
      receiptUrl ? { type: "link", caption: "Municipal receipt:", url: receiptUrl } : null,
      r.messages?.length ? { type: "messages", from: "municipality", messages: r.messages } : null,
    ),
  };
};
