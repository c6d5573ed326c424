import type { Sale, SaleKind } from "@/lib/sales/types";
import { KIND_META } from "@/lib/sales/kinds/meta";
import { BillSlip } from "./bill-slip";
import { ElectricitySlip } from "./electricity-slip";
import { FinesSlipBody } from "./fines-slip";
import { MerchantLines } from "./slip-header";
import { SlipVerify } from "./slip-verify";
import { VasSlip } from "./vas-slip";

/** Each kind's slip body (a new kind makes the compiler ask for one). */
const SLIP_BODY: Record<SaleKind, (props: { sale: Sale; hidePin: boolean }) => React.ReactNode> = {
  electricity: ElectricitySlip,
  bill: BillSlip,
  fines: FinesSlipBody,
  vas: VasSlip,
};

/**
 * A completed sale's slip, with the merchant's lines above unless the kind prints its own,
 * and its check code below. `hidePin` keeps a voucher PIN off a colleague's reprint.
 */
export function SlipBody({ sale, hidePin = false }: { sale: Sale; hidePin?: boolean }) {
  const Body = SLIP_BODY[sale.kind];
  return (
    <>
      {!KIND_META[sale.kind].ownSlipHeader && <MerchantLines />}
      <Body sale={sale} hidePin={hidePin} />
      {sale.status === "completed" && <SlipVerify saleId={sale.id} />}
    </>
  );
}
