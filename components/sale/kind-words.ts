import type { SaleKind } from "@/lib/db/schema";
import { KIND_META } from "@/lib/sales/kinds/meta";

/** "electricity for meter 01100000007", "airtime & vouchers for MTN R15 0835550101": the middle of a sentence. */
export function describeSale(kind: SaleKind, reference: string): string {
  const meta = KIND_META[kind];
  return `${meta.label.toLowerCase()} for ${meta.soldTo}${reference}`;
}
