import type { Sale } from "@/lib/sales/types";
import { KIND_META } from "@/lib/kinds/meta";
import { SCREEN_SLIP } from "@/lib/kinds/slips";
import { MerchantLines } from "./slip-header";
import { SlipVerify } from "./slip-verify";

/**
 * A completed sale's slip, with the merchant's lines above unless the kind prints its own,
 * and its check code below. `hidePin` keeps a voucher PIN off a colleague's reprint.
 */
export function SlipBody({ sale, hidePin = false }: { sale: Sale; hidePin?: boolean }) {
  const Body = SCREEN_SLIP[sale.kind];
  return (
    <>
      {!KIND_META[sale.kind].ownSlipHeader && <MerchantLines />}
      <Body sale={sale} hidePin={hidePin} />
      {sale.status === "completed" && <SlipVerify saleId={sale.id} />}
    </>
  );
}
