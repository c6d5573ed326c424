import { Details } from "@/components/sale/details";
import { describeRange } from "@/lib/kinds/electricity/amount-rules";
import { MUNICIPALITY_NAMES } from "@/lib/municipalities";
import type { MeterView } from "./schema";

const code = (n: number | null) => (n === null ? "—" : String(n));

/** What Confirm meter tells the cashier: whose meter it is, the range, and the meter's codes. */
export function MeterDetails({ meter }: { meter: MeterView }) {
  return (
    <Details
      label="Meter details"
      rows={[
        ["Customer", meter.customerName || "—"],
        ["Meter", meter.meterNumber],
        ["Municipality", MUNICIPALITY_NAMES[meter.municipality]],
        ["Allowed amount", describeRange(meter)],
        ["SGC / KRN / TI", `${code(meter.sgc)} / ${code(meter.krn)} / ${code(meter.ti)}`],
      ]}
    />
  );
}
