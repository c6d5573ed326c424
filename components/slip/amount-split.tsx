import { formatRand } from "@/lib/money";
import { amountSplit } from "@/lib/kinds/electricity/amount-split";
import { SlipLine } from "./slip-frame";

/** The electricity slip's money block: electricity, arrears, fixed charges and VAT, adding up to the amount paid. */
export function AmountSplit({ amountCents, vatCents, charges }: Parameters<typeof amountSplit>[0]) {
  const lines = amountSplit({ amountCents, vatCents, charges });
  return (
    <div aria-label="How the amount was split" data-testid="amount-split">
      {lines.map((l) => (
        <SlipLine key={`${l.kind}-${l.label}`} label={l.label} value={formatRand(l.amountCents)} />
      ))}
    </div>
  );
}
