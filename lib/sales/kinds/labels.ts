/** Names of the kinds of sale in the cashier's words. Pure: client screens import it too. */
import type { SaleKind } from "@/lib/db/schema";

export const KIND_LABELS: Record<SaleKind, string> = {
  electricity: "Electricity",
  bill: "Bill",
  fines: "Traffic fines",
  vas: "Airtime & vouchers",
};
