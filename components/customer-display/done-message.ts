import type { Sale } from "@/lib/db/schema";
import { electricityResultSchema } from "@/lib/slip/results";
import { tokensForSlip } from "@/lib/slip/tokens";
import { SALE_KIND_LABELS } from "@/lib/sales/labels";
import type { CustomerDisplayMessage } from "./channel";

const REFERENCE_LABEL: Record<Sale["kind"], string> = {
  electricity: "Meter",
  bill: "Account",
  fines: "Notices",
  vas: "Reference",
};

/** What the display facing the customer shows once a sale is done: the amount and, for electricity, the tokens. */
export function doneMessageFor(sale: Sale): CustomerDisplayMessage {
  const base = {
    show: "done" as const,
    what: SALE_KIND_LABELS[sale.kind],
    reference: sale.reference,
    referenceLabel: REFERENCE_LABEL[sale.kind],
    amountCents: sale.amountCents,
  };
  if (sale.kind !== "electricity") return { ...base, tokens: [] };
  const r = electricityResultSchema.safeParse(sale.result);
  if (!r.success) return { ...base, tokens: [] };
  return {
    ...base,
    reference: r.data.meterNumber,
    tokens: tokensForSlip(r.data.tokens).map((t) => ({ label: t.label, digits: t.digits })),
  };
}
