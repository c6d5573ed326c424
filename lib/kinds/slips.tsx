/**
 * Each kind's slip body on screen (lib/kinds/<kind>/slip.tsx); a new kind makes the compiler
 * ask for one. components/slip/slip-body.tsx puts the whole slip together.
 */
import type { Sale, SaleKind } from "@/lib/sales/types";
import { BillSlip } from "@/lib/kinds/bill/slip";
import { ElectricitySlip } from "@/lib/kinds/electricity/slip";
import { FinesSlipBody } from "@/lib/kinds/fines/slip";
import { VasSlip } from "@/lib/kinds/vas/slip";

export const SCREEN_SLIP: Record<
  SaleKind,
  (props: { sale: Sale; hidePin: boolean }) => React.ReactNode
> = {
  electricity: ElectricitySlip,
  bill: BillSlip,
  fines: FinesSlipBody,
  vas: VasSlip,
};
