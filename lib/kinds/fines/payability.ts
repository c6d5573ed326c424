import type { FineRow } from "@/lib/kinds/fines/view";

/**
 * Whether a fine can be paid at this counter or kiosk. The registry refuses a notice in
 * status 10 (court case) or 13 (partly paid); saying so on the list spares the customer a
 * refusal after choosing. Pure, for the till, the kiosk and the server's own check.
 */
export type Payability =
  | { payable: true }
  | { payable: false; why: "paid" | "court_case" | "partly_paid"; reason: string };

export const COURT_CASE_STATUS = 10;
export const PARTLY_PAID_STATUS = 13;

export function payability(fine: Pick<FineRow, "isPaid" | "registryStatus">): Payability {
  if (fine.isPaid) return { payable: false, why: "paid", reason: "Already paid." };
  if (fine.registryStatus === COURT_CASE_STATUS) {
    return {
      payable: false,
      why: "court_case",
      reason: "A court case is open for this notice: it is paid at the court, not here.",
    };
  }
  if (fine.registryStatus === PARTLY_PAID_STATUS) {
    return {
      payable: false,
      why: "partly_paid",
      reason:
        "Partly paid already: the rest is paid at the traffic department or licensing office.",
    };
  }
  return { payable: true };
}

export function canPayHere(fine: Pick<FineRow, "isPaid" | "registryStatus">): boolean {
  return payability(fine).payable;
}
