/** The postpaid account payment: account, municipality, amount, and the municipality's receipt link and QR. */
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand } from "@/lib/money";
import { municipalityLabel } from "@/lib/municipalities";
import { safeExternalUrl } from "@/lib/safe-url";
import {
  blocks,
  header,
  pair,
  paidBy,
  section,
  unreadableSlip,
  type SlipModelOf,
} from "@/lib/slip/model";

export const billSlip: SlipModelOf = (sale, merchant) => {
  const parsed = billResultSchema.safeParse(sale.result);
  if (!parsed.success) return unreadableSlip(merchant, KIND_META.bill.label);
  const r = parsed.data;
  // Checked again here: a result stored before the client checked it must not print a javascript: link.
  const receiptUrl = safeExternalUrl(r.receiptUrl);
  return {
    title: "Municipal account payment",
    blocks: blocks(
      header(merchant, "Account payment receipt", { number: r.receiptNumber, at: r.at }),
      section(
        pair("Municipality", municipalityLabel(r.municipality)),
        pair("Account", r.accountNumber),
        pair("Account holder", r.customerName || "—"),
        pair("Amount", formatRand(r.amountCents), { strong: true }),
        paidBy(sale.method),
        pair("Receipt reference", r.receiptNumber ?? "—"),
      ),
      receiptUrl ? { type: "link", caption: "Municipal receipt:", url: receiptUrl } : null,
      r.messages?.length ? { type: "messages", from: "municipality", messages: r.messages } : null,
    ),
  };
};
