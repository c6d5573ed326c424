import "server-only";
import type { Sale } from "@/lib/sales/types";
import { formatRand } from "@/lib/money";
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { municipalityLabel } from "@/lib/municipalities";
import { safeExternalUrl } from "@/lib/safe-url";
import { ReceiptQr } from "@/components/slip/receipt-qr";
import { SlipLine } from "@/components/slip/slip-frame";
import { SlipHeader, UtilityMessages } from "@/components/slip/slip-header";

/** The postpaid account payment: account, municipality, amount, and the municipality's receipt link and QR. */
export function BillSlip({ sale }: { sale: Sale }) {
  const r = billResultSchema.parse(sale.result);
  // Checked again here: a result stored before the client checked it must not print a javascript: link.
  const receiptUrl = safeExternalUrl(r.receiptUrl);
  return (
    <>
      <SlipHeader title="Account payment receipt" receiptNumber={r.receiptNumber} at={r.at} />
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <SlipLine label="Municipality" value={municipalityLabel(r.municipality)} />
        <SlipLine label="Account" value={r.accountNumber} />
        <SlipLine label="Account holder" value={r.customerName || "—"} />
        <SlipLine label="Amount" value={formatRand(r.amountCents)} strong />
        <SlipLine label="Paid by" value={sale.method === "card" ? "Card" : "Cash"} />
        <SlipLine label="Receipt reference" value={r.receiptNumber ?? "—"} />
      </section>
      {receiptUrl && (
        <section className="flex flex-col items-center gap-1 border-t border-dashed border-black pt-1">
          <p>Municipal receipt:</p>
          <a href={receiptUrl} className="break-all underline" data-receipt-link>
            {receiptUrl}
          </a>
          <ReceiptQr url={receiptUrl} />
        </section>
      )}
      <UtilityMessages messages={r.messages} from="municipality" />
    </>
  );
}
