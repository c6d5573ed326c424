import "server-only";
import type { Sale } from "@/lib/sales/types";
import { env } from "@/lib/env";
import { formatRand, vatIncluded } from "@/lib/money";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { municipalityLabel } from "@/lib/municipalities";
import { MeterBarcode } from "@/components/slip/meter-barcode";
import { SlipLine } from "@/components/slip/slip-frame";
import { SlipHeader, UtilityMessages } from "@/components/slip/slip-header";
import { SlipTokens } from "@/components/slip/slip-tokens";
import { AmountSplit } from "@/components/slip/amount-split";
import { KeyChangeWarning } from "@/components/slip/key-change-warning";

const code = (n: number | null) => (n === null ? "—" : String(n));

/**
 * The prepaid electricity slip: tokens in keying order, units, money, meter codes, barcode.
 * The electricity is the utility's sale: it is a tax invoice under the utility's VAT number
 * when the answer carries one; otherwise a receipt that says the VAT number is the merchant's.
 */
export function ElectricitySlip({ sale }: { sale: Sale }) {
  const r = electricityResultSchema.parse(sale.result);
  // The upstream states the VAT; when it does not, the slip still shows the VAT contained.
  const vatCents = r.vatCents ?? vatIncluded(r.amountCents, env().vatPercent);
  const utility = r.utilityName || municipalityLabel(r.municipality);
  const utilityVat = r.utilityVatNumber ?? null;
  return (
    <>
      {r.tokens.some((t) => t.kind === "key_change") && <KeyChangeWarning />}
      <SlipHeader
        title={utilityVat ? "Tax invoice" : "Receipt"}
        vatLabel={utilityVat ? "Agent, VAT no." : "Merchant's VAT no."}
        receiptNumber={r.receiptNumber}
        at={r.at}
      />
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <p className="font-bold">Prepaid electricity</p>
        <SlipLine label="Supplier" value={utility} />
        {utilityVat ? (
          <SlipLine label="Supplier VAT no." value={utilityVat} />
        ) : (
          <p data-vat-note>
            The VAT number above is the merchant&apos;s; {utility} gave none for this sale.
          </p>
        )}
        <SlipLine label="Municipality" value={municipalityLabel(r.municipality)} />
        <SlipLine label="Meter" value={r.meterNumber} />
        <SlipLine label="Customer" value={r.customerName || "—"} />
      </section>
      <SlipTokens tokens={r.tokens} />
      {r.printedText && r.tokens.length === 0 && (
        <pre data-printed-token className="whitespace-pre-wrap border border-black p-1 font-bold">
          {r.printedText}
        </pre>
      )}
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <SlipLine label="Units" value={r.units === null ? "—" : `${r.units.toFixed(1)} kWh`} />
        <AmountSplit amountCents={r.amountCents} vatCents={vatCents} charges={r.charges} />
        {r.charges
          .filter((c) => c.outstandingCents !== null && c.outstandingCents > 0)
          .map((c) => (
            <SlipLine
              key={`${c.description}-left`}
              label={`${c.description} outstanding`}
              value={formatRand(c.outstandingCents ?? 0)}
            />
          ))}
        <SlipLine label="Amount" value={formatRand(r.amountCents)} strong />
        <SlipLine label="Paid by" value={sale.method === "card" ? "Card" : "Cash"} />
      </section>
      <section className="border-t border-dashed border-black pt-1">
        <SlipLine
          label="SGC / KRN / TI"
          value={`${code(r.meter.sgc)} / ${code(r.meter.krn)} / ${code(r.meter.ti)}`}
        />
        {r.keyExpiryNumber != null && (
          <SlipLine label="Key expiry no." value={String(r.keyExpiryNumber)} />
        )}
      </section>
      <MeterBarcode meterNumber={r.meterNumber} />
      <UtilityMessages messages={r.messages} from="utility" />
      <p className="text-center">Enter the tokens in the order printed.</p>
    </>
  );
}
