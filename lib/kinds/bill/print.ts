/** The bill payment's slip on the printer's roll, with the municipal receipt's QR code. */
import { municipalityLabel } from "@/lib/municipalities";
import { formatRand } from "@/lib/money";
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { header, paidBy, type PrintBody } from "@/lib/printing/slip-paper";
import { safeExternalUrl } from "@/lib/safe-url";

export const printBill: PrintBody = (slip, sale, merchant) => {
  const r = billResultSchema.parse(sale.result);
  // Checked again here, as on screen: a stored link must not print a javascript: address.
  const receiptUrl = safeExternalUrl(r.receiptUrl);
  header(slip, merchant, "Account payment receipt", { number: r.receiptNumber, at: r.at });
  slip.rule();
  slip.pair("Municipality", municipalityLabel(r.municipality));
  slip.pair("Account", r.accountNumber);
  slip.pair("Account holder", r.customerName || "-");
  slip.pair("Amount", formatRand(r.amountCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.pair("Receipt reference", r.receiptNumber ?? "-");
  if (receiptUrl) {
    slip.rule().centre("Municipal receipt:").centre(receiptUrl);
    slip.qr(receiptUrl);
  }
  for (const m of r.messages ?? []) slip.centre(m);
};
