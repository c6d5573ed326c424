import { describeRange } from "@/lib/electricity/amount-rules";
import { MUNICIPALITY_NAMES } from "@/lib/municipalities";
import type { MeterView } from "./schema";

/** What Confirm meter tells the cashier: whose meter it is, the range, and the meter's codes. */
export function MeterDetails({ meter }: { meter: MeterView }) {
  const row = (label: string, value: string) => (
    <div className="flex gap-2">
      <dt className="w-40 text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
  const code = (n: number | null) => (n === null ? "—" : String(n));
  return (
    <section aria-label="Meter details">
      <dl className="flex flex-col gap-1">
        {row("Customer", meter.customerName || "—")}
        {row("Meter", meter.meterNumber)}
        {row("Municipality", MUNICIPALITY_NAMES[meter.municipality])}
        {row("Allowed amount", describeRange(meter))}
        {row("SGC / KRN / TI", `${code(meter.sgc)} / ${code(meter.krn)} / ${code(meter.ti)}`)}
      </dl>
    </section>
  );
}
