import "server-only";
import type { Sale } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { formatRand, vatIncluded } from "@/lib/money";
import { electricityResultSchema } from "@/lib/slip/results";
import { MUNICIPALITY_NAMES, type Municipality } from "@/lib/upstream/municipalities";
import { MeterBarcode } from "./meter-barcode";
import { SlipLine } from "./slip-frame";
import { SlipHeader } from "./slip-header";
import { SlipTokens } from "./slip-tokens";
import { AmountSplit } from "./amount-split";

const nameOf = (m: string) => MUNICIPALITY_NAMES[m as Municipality] ?? m;
const code = (n: number | null) => (n === null ? "—" : String(n));

/** The prepaid electricity tax invoice: tokens in keying order, units, money, meter codes, barcode. */
export function ElectricitySlip({ sale }: { sale: Sale }) {
  const r = electricityResultSchema.parse(sale.result);
  // The upstream states the VAT; when it does not, the tax invoice still needs it.
  const vatCents = r.vatCents ?? vatIncluded(r.amountCents, env().vatPercent);
  return (
    <>
      <SlipHeader title="Tax invoice" receiptNumber={r.receiptNumber} at={r.at} />
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <p className="font-bold">Prepaid electricity</p>
        <SlipLine label="Municipality" value={nameOf(r.municipality)} />
        <SlipLine label="Meter" value={r.meterNumber} />
        <SlipLine label="Customer" value={r.customerName || "—"} />
      </section>
      <SlipTokens tokens={r.tokens} />
      <section className="flex flex-col border-t border-dashed border-black pt-1">
        <SlipLine label="Units" value={r.units === null ? "—" : `${r.units.toFixed(1)} kWh`} />
        <AmountSplit amountCents={r.amountCents} vatCents={vatCents} charges={r.charges} />
        {r.charges
          .filter((c) => c.outstandingCents !== null && c.outstandingCents > 0)
          .map((c) => (
            <SlipLine key={`${c.description}-left`} label={`${c.description} outstanding`} value={formatRand(c.outstandingCents ?? 0)} />
          ))}
        <SlipLine label="Amount" value={formatRand(r.amountCents)} strong />
        <SlipLine label="Paid by" value={sale.method === "card" ? "Card" : "Cash"} />
      </section>
      <section className="border-t border-dashed border-black pt-1">
        <SlipLine label="SGC / KRN / TI" value={`${code(r.meter.sgc)} / ${code(r.meter.krn)} / ${code(r.meter.ti)}`} />
      </section>
      <MeterBarcode meterNumber={r.meterNumber} />
      <p className="text-center">Enter the tokens in the order printed.</p>
    </>
  );
}
