/** A VAS sale's slip on the printer's roll: a voucher's PIN in large type, unless hidden. */
import { formatRand } from "@/lib/money";
import { VAS_KIND_LABELS } from "@/lib/kinds/vas/catalogue";
import { formatMobileNumber } from "@/lib/kinds/vas/mobile";
import { groupPin, vasResultSchema } from "@/lib/kinds/vas/sale-data";
import { header, paidBy, type PrintBody } from "@/lib/printing/slip-paper";
import { saDateTime } from "@/lib/sa-time";

export const printVas: PrintBody = (slip, sale, merchant, options) => {
  header(slip, merchant, null);
  const parsed = vasResultSchema.safeParse(sale.result);
  if (!parsed.success) {
    slip.text("This sale's details cannot be read. Check it in History.");
    return;
  }
  const r = parsed.data;
  slip.centre(VAS_KIND_LABELS[r.category].toUpperCase(), true);
  slip.pair("Receipt no.", r.receiptNumber ?? "-");
  slip.pair("Date", saDateTime(r.at));
  slip.rule().text(r.productName);
  slip.pair(
    r.category === "voucher" ? "Brand" : r.category === "lotto" ? "Operator" : "Network",
    r.brand || "-",
  );
  if (r.recipient) slip.pair("Mobile number", formatMobileNumber(r.recipient), true);
  if (r.pin && options.hidePin) {
    slip.rule().centre("VOUCHER PIN NOT SHOWN", true);
    slip.centre("Another cashier sold this voucher: a supervisor reprints its PIN.");
    slip.rule();
  } else if (r.pin) {
    slip.rule().centre("VOUCHER PIN", true);
    slip.big(groupPin(r.pin));
    slip.rule();
  }
  if (r.recipient)
    slip.centre(
      `${VAS_KIND_LABELS[r.category]} of ${formatRand(r.amountCents)} sent to ${formatMobileNumber(r.recipient)}`,
    );
  if (r.instructions) slip.text(r.instructions);
  slip.rule();
  slip.pair("Amount", formatRand(r.amountCents));
  for (const fee of r.fees) slip.pair(fee.description, formatRand(fee.amountCents));
  slip.pair("Total paid", formatRand(r.totalCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  if (r.serialNumber) slip.pair(r.category === "lotto" ? "Ticket" : "Serial", r.serialNumber);
  slip.pair("Transaction", r.transactionId);
  if (r.category === "voucher") slip.centre("Keep this slip: the PIN is the voucher.");
};
