import "server-only";
import type { Sale } from "@/lib/sales/types";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import { VAS_KIND_LABELS } from "@/lib/kinds/vas/catalogue";
import { formatMobileNumber } from "@/lib/kinds/vas/mobile";
import { groupPin, vasResultSchema } from "@/lib/kinds/vas/sale-data";
import { SlipLine } from "@/components/slip/slip-frame";

/**
 * The slip of a VAS sale. A voucher's PIN is what the customer paid for: large, in groups
 * of four, with the instructions to redeem it. Airtime and data went to a phone: the slip
 * confirms the number and the amount. The slip page adds the merchant lines and REPRINT, and
 * hides the PIN when a colleague reprints the slip (lib/security/ownership.ts).
 */
export function VasSlip({ sale, hidePin = false }: { sale: Sale; hidePin?: boolean }) {
  const parsed = vasResultSchema.safeParse(sale.result);
  if (!parsed.success) return <p>This sale&apos;s details cannot be read. Check it in History.</p>;
  const r = parsed.data;
  return (
    <div className="flex flex-col gap-2" data-testid="vas-slip">
      <section className="flex flex-col text-center">
        <p className="text-sm font-bold uppercase">{VAS_KIND_LABELS[r.category]}</p>
        <div className="text-left">
          <SlipLine label="Receipt no." value={r.receiptNumber ?? "—"} />
          <SlipLine label="Date" value={saDateTime(r.at)} />
        </div>
      </section>
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <p className="font-bold">{r.productName}</p>
        <SlipLine
          label={
            r.category === "voucher" ? "Brand" : r.category === "lotto" ? "Operator" : "Network"
          }
          value={r.brand || "—"}
        />
        {r.recipient && (
          <SlipLine label="Mobile number" value={formatMobileNumber(r.recipient)} strong />
        )}
      </section>
      {r.pin && hidePin && (
        <section className="border-y-2 border-black py-2 text-center" data-testid="vas-pin-hidden">
          <p className="font-bold uppercase">Voucher PIN not shown</p>
          <p>Another cashier sold this voucher: a supervisor reprints its PIN.</p>
        </section>
      )}
      {r.pin && !hidePin && (
        <section className="border-y-2 border-black py-2 text-center">
          <p className="font-bold uppercase">Voucher PIN</p>
          <p className="text-lg leading-tight font-bold tracking-wider" data-testid="vas-pin">
            {groupPin(r.pin)}
          </p>
        </section>
      )}
      {r.recipient && (
        <p className="text-center" data-testid="vas-delivered">
          {VAS_KIND_LABELS[r.category]} of {formatRand(r.amountCents)} sent to{" "}
          <span data-testid="vas-recipient">{formatMobileNumber(r.recipient)}</span>
        </p>
      )}
      {r.instructions && (
        <p className="whitespace-pre-line" data-testid="vas-instructions">
          {r.instructions}
        </p>
      )}
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <SlipLine label="Amount" value={formatRand(r.amountCents)} />
        {r.fees.map((fee) => (
          <SlipLine
            key={fee.description}
            label={fee.description}
            value={formatRand(fee.amountCents)}
          />
        ))}
        <SlipLine label="Total paid" value={formatRand(r.totalCents)} strong />
        <SlipLine label="Paid by" value={sale.method === "card" ? "Card" : "Cash"} />
        {r.serialNumber && (
          <SlipLine label={r.category === "lotto" ? "Ticket" : "Serial"} value={r.serialNumber} />
        )}
        <SlipLine label="Transaction" value={r.transactionId} />
      </section>
      {r.category === "voucher" && (
        <p className="text-center">Keep this slip: the PIN is the voucher.</p>
      )}
    </div>
  );
}
