import "server-only";
import type { Sale } from "@/lib/sales/types";
import { env } from "@/lib/env";
import { slipModelOf } from "@/lib/kinds/slips";
import { SlipBlocks } from "./slip-blocks";
import { SlipVerify } from "./slip-verify";

/**
 * A completed sale's slip: its kind's slip model (lib/kinds/slips.ts), the blocks the
 * printer's roll draws too, then its check code. `hidePin` keeps a voucher PIN off a
 * colleague's reprint.
 */
export function SlipBody({ sale, hidePin = false }: { sale: Sale; hidePin?: boolean }) {
  return (
    <>
      <SlipBlocks blocks={slipModelOf(sale, env(), { hidePin }).blocks} />
      {sale.status === "completed" && <SlipVerify saleId={sale.id} />}
    </>
  );
}
