import type { SaleKind } from "@/lib/db/schema";
import { KIND_LABELS } from "@/lib/sales/kinds/labels";

/** What each kind of sale is sold to, in the cashier's words (the kind's label comes from the registry). */
const SOLD_TO: Record<SaleKind, string> = {
  electricity: "meter ",
  bill: "account ",
  fines: "notices ",
  vas: "",
};

/** "electricity for meter 01100000007", "airtime & vouchers for MTN R15 0835550101": the middle of a sentence. */
export function describeSale(kind: SaleKind, reference: string): string {
  return `${KIND_LABELS[kind].toLowerCase()} for ${SOLD_TO[kind]}${reference}`;
}
