/**
 * Each kind's slip model (lib/kinds/<kind>/slip-model.ts); a new kind makes the compiler ask
 * for one. The screen (components/slip/slip-body.tsx), the printer's roll
 * (lib/printing/slip-commands.ts) and the plain slip of a sale not yet recorded all read a
 * sale's slip here. Pure and client-safe.
 */
import type { SaleKind } from "@/lib/sales/types";
import { billSlip } from "@/lib/kinds/bill/slip-model";
import { electricitySlip } from "@/lib/kinds/electricity/slip-model";
import { finesSlip } from "@/lib/kinds/fines/slip-model";
import { vasSlip } from "@/lib/kinds/vas/slip-model";
import type {
  SlipMerchant,
  SlipModel,
  SlipModelOf,
  SlipModelOptions,
  SlipSale,
} from "@/lib/slip/model";

const SLIP_MODEL: Record<SaleKind, SlipModelOf> = {
  electricity: electricitySlip,
  bill: billSlip,
  fines: finesSlip,
  vas: vasSlip,
};

/** What a completed sale's slip says, whatever draws it. */
export function slipModelOf(
  sale: SlipSale,
  merchant: SlipMerchant,
  options: SlipModelOptions = { hidePin: false },
): SlipModel {
  return SLIP_MODEL[sale.kind](sale, merchant, options);
}
