/**
 * The slip of a VAS sale. A voucher's PIN is what the customer paid for: large, in groups
 * of four, with the instructions to redeem it. Airtime and data went to a phone: the slip
 * confirms the number and the amount. A colleague's reprint never shows the PIN
 * (lib/security/ownership.ts).
 */
import { KIND_META } from "@/lib/kinds/meta";
import { VAS_KIND_LABELS } from "@/lib/kinds/vas/catalogue";
import { formatMobileNumber } from "@/lib/kinds/vas/mobile";
import { groupPin, vasResultSchema } from "@/lib/kinds/vas/sale-data";
import { formatRand } from "@/lib/money";
import * as slip from "@/lib/slip/model";

const BRAND_LABEL = { voucher: "Brand", lotto: "Operator", airtime: "Network", data: "Network" };

export const vasSlip: slip.SlipModelOf = (sale, merchant, { hidePin }) => {
  const parsed = vasResultSchema.safeParse(sale.result);
  if (!parsed.success) return slip.unreadableSlip(merchant, KIND_META.vas.label);
  const r = parsed.data;
  const kindLabel = VAS_KIND_LABELS[r.category];
  const mobile = r.recipient ? formatMobileNumber(r.recipient) : null;
  return {
    title: r.productName,
    blocks: [
      slip.group(
        { testid: "vas-slip" },
        slip.header(merchant, kindLabel, { number: r.receiptNumber, at: r.at }),
        slip.section(
          slip.title(r.productName),
          slip.pair(BRAND_LABEL[r.category], r.brand || "—"),
          mobile &&
            slip.pair("Mobile number", mobile, {
              strong: true,
              marks: { testid: "vas-recipient" },
            }),
        ),
        r.pin && hidePin
          ? {
              type: "withheld",
              title: "Voucher PIN not shown",
              note: "Another cashier sold this voucher: a supervisor reprints its PIN.",
              marks: { testid: "vas-pin-hidden" },
            }
          : null,
        r.pin && !hidePin
          ? {
              type: "pin",
              title: "Voucher PIN",
              pin: groupPin(r.pin),
              marks: { testid: "vas-pin" },
            }
          : null,
        mobile &&
          slip.centre(`${kindLabel} of ${formatRand(r.amountCents)} sent to ${mobile}`, {
            marks: { testid: "vas-delivered" },
          }),
        r.instructions && slip.text(r.instructions, { testid: "vas-instructions" }),
        slip.section(
          slip.pair("Amount", formatRand(r.amountCents)),
          ...r.fees.map((fee) => slip.pair(fee.description, formatRand(fee.amountCents))),
          slip.pair("Total paid", formatRand(r.totalCents), { strong: true }),
          slip.paidBy(sale.method),
          r.serialNumber && slip.pair(r.category === "lotto" ? "Ticket" : "Serial", r.serialNumber),
          slip.pair("Transaction", r.transactionId),
        ),
        r.category === "voucher" && slip.centre("Keep this slip: the PIN is the voucher."),
      ),
    ],
  };
};
