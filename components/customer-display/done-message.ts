import type { Sale } from "@/lib/sales/types";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { tokensForSlip } from "@/lib/slip/tokens";
import { KIND_META } from "@/lib/kinds/meta";
import { FREE_TOKEN_NOTE, KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";
import type { CustomerDisplayMessage } from "./channel";

/** What the display facing the customer shows once a sale is done: the amount and, for electricity, the tokens. */
export function doneMessageFor(sale: Sale): CustomerDisplayMessage {
  const base = {
    show: "done" as const,
    what: KIND_META[sale.kind].label,
    reference: sale.reference,
    referenceLabel: KIND_META[sale.kind].displayReference,
    amountCents: sale.amountCents,
  };
  if (!KIND_META[sale.kind].tokensOnDisplay) return { ...base, tokens: [] };
  const r = electricityResultSchema.safeParse(sale.result);
  if (!r.success) return { ...base, tokens: [] };
  const keyChange = r.data.tokens.some((t) => t.kind === "key_change");
  return {
    ...base,
    reference: r.data.meterNumber,
    tokens: tokensForSlip(r.data.tokens).map((t) => ({
      label: t.kind === "fbe" ? `${t.label} (${FREE_TOKEN_NOTE})` : t.label,
      digits: t.digits,
    })),
    ...(keyChange ? { notice: [KEY_CHANGE_WARNING.title, ...KEY_CHANGE_WARNING.lines] } : {}),
  };
}
