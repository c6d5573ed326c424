import type { SaleKind } from "@/lib/db/schema";

/** How the till names each kind of sale and what it was sold to, in the cashier's words. */
export const KIND_WORDS: Record<SaleKind, { label: string; to: string }> = {
  electricity: { label: "Electricity", to: "meter" },
  bill: { label: "Bill payment", to: "account" },
  fines: { label: "Traffic fines", to: "notices of" },
  vas: { label: "Airtime, data or voucher", to: "" },
};

export function describeSale(kind: SaleKind, reference: string): string {
  const words = KIND_WORDS[kind];
  return `${words.label.toLowerCase()} for ${words.to ? `${words.to} ` : ""}${reference}`;
}
