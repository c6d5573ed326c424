/**
 * The merchant balance's service types and slots in words (the core service says
 * `prepaid_electricity` / `tshwane_prepaid`, `vas` / `airtime`). Pure.
 */
import { MUNICIPALITY_NAMES, municipalityLabel } from "@/lib/municipalities";
import { VAS_KIND_LABELS, type VasKind } from "@/lib/kinds/vas/catalogue";
import { labelOf } from "@/lib/sales/labels";

const SERVICE_LABELS: Record<string, string> = {
  prepaid_electricity: "Prepaid electricity",
  postpaid_bill: "Municipal bills",
  traffic_fines: "Traffic fines",
  vas: "Airtime, data & vouchers",
};

export function serviceLabel(type: string): string {
  return labelOf(SERVICE_LABELS, type);
}

export function slotLabel(slot: string | null): string {
  if (slot === null) return "";
  if (slot in MUNICIPALITY_NAMES) return municipalityLabel(slot);
  if (slot in VAS_KIND_LABELS) return VAS_KIND_LABELS[slot as VasKind];
  return labelOf(SERVICE_LABELS, slot);
}
