import "server-only";
import type { Sale, SaleKind } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";
import { isUpstreamError } from "@/lib/upstream/errors";
import { claimAttempt, findSale, settleSale } from "./journal";
import { fulfilElectricity } from "./kinds/electricity";
import { fulfilBill } from "./kinds/bill";
import { fulfilFines } from "./kinds/fines";
import { fulfilVas } from "./kinds/vas";

/** Calls the core service for a recorded sale and returns what to keep as its result. */
export type Fulfiller = (sale: Sale) => Promise<unknown>;

const FULFILLERS: Record<SaleKind, Fulfiller> = {
  electricity: fulfilElectricity,
  bill: fulfilBill,
  fines: fulfilFines,
  vas: fulfilVas,
};

/**
 * Step 2 and 3 of the journal: claim the sale, call the core service with no database
 * transaction open, then settle it completed, failed (the core service said no) or
 * unknown (the answer was lost). `retry` is only for unknown electricity and bill sales,
 * repeated under their own idempotency key. Returns the sale as it now stands.
 */
export async function sendSale(saleId: string, mode: "first" | "retry", actor: Actor): Promise<Sale> {
  const claimed = await claimAttempt(saleId, mode);
  if (!claimed) {
    // Another request (a double click, another instance) has it, or it is already settled.
    const current = await findSale(saleId);
    if (!current) throw new Error(`no sale ${saleId}`);
    return current;
  }
  if (mode === "retry") await audit(actor, "sale_retried", saleId, { attempt: claimed.attempts });
  let settled: Sale;
  try {
    const result = await FULFILLERS[claimed.kind](claimed);
    settled = await settleSale(saleId, { status: "completed", result });
  } catch (error) {
    if (isUpstreamError(error)) {
      settled = await settleSale(saleId, {
        status: error.outcomeKnown ? "failed" : "unknown",
        error: { kind: error.kind, code: error.code, message: error.cashierMessage },
      });
    } else {
      // Not the core service's answer (a bug or the database): the call may have happened.
      console.error("sale send failed", saleId, error instanceof Error ? error.name : "unknown");
      settled = await settleSale(saleId, {
        status: "unknown",
        error: { kind: "internal", message: "Not confirmed — do not sell again. A supervisor will check this sale." },
      });
    }
  }
  await audit(actor, "sale_settled", saleId, { kind: settled.kind, status: settled.status, amountCents: settled.amountCents });
  return settled;
}
