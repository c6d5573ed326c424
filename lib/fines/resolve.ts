import "server-only";
import { ActionError } from "@/lib/auth/action";
import { audit, type Actor } from "@/lib/audit";
import { findSale } from "@/lib/sales/journal";
import { isUpstreamError } from "@/lib/upstream";
import { noticesNow } from "./lookup";

export type RecheckVerdict = "all_paid" | "none_paid" | "some_paid";

export interface FinesRecheck {
  saleId: string;
  verdict: RecheckVerdict;
  notices: { noticeNumber: string; isPaid: boolean | null }[];
  /** What was found and what to do, in words a supervisor or cashier can act on. */
  message: string;
}

function verdictOf(notices: FinesRecheck["notices"]): RecheckVerdict {
  const paid = notices.filter((n) => n.isPaid === true).length;
  return paid === notices.length ? "all_paid" : paid === 0 ? "none_paid" : "some_paid";
}

const MESSAGES: Record<RecheckVerdict, string> = {
  all_paid: "The registry shows every fine of this sale as paid: the marking went through. Resolve the sale as completed; do not take payment again.",
  none_paid: "The registry shows none of these fines as paid: the marking did not go through. Resolve the sale as not sold (hand the customer's money back); the fines can then be paid in a new sale.",
  some_paid: "The registry shows only some of these fines as paid. Call the fines service before resolving this sale; do not take payment again.",
};

/**
 * For an unknown (or interrupted) fines sale: look each notice up again and report
 * whether the registry now reads it paid. This only reads: it never sends mark-paid
 * again and never changes the sale, so it is safe to call any number of times. The
 * supervisor's unresolved list (app/(office)) and the cashier's screen show its report;
 * the resolution itself (completed or not sold) is the supervisor's decision.
 */
export async function recheckUnknownFinesSale(saleId: string, actor: Actor): Promise<FinesRecheck> {
  const sale = await findSale(saleId);
  if (!sale || sale.kind !== "fines") throw new ActionError("No such fines sale.");
  const sentButUnsettled = sale.status === "pending" && sale.attempts > 0;
  if (sale.status !== "unknown" && !sentButUnsettled) {
    throw new ActionError(`This sale is ${sale.status}: there is nothing to check.`);
  }
  const wanted = sale.reference.split(" ").filter(Boolean);
  let now;
  try {
    now = await noticesNow(wanted);
  } catch (error) {
    if (isUpstreamError(error)) throw new ActionError(`The registry could not be asked: ${error.cashierMessage}`);
    throw error;
  }
  const notices = wanted.map((noticeNumber) => ({ noticeNumber, isPaid: now.get(noticeNumber)?.isPaid ?? null }));
  const verdict = verdictOf(notices);
  await audit(actor, "fines_rechecked", saleId, { verdict, paid: notices.filter((n) => n.isPaid).length, of: notices.length });
  return { saleId, verdict, notices, message: MESSAGES[verdict] };
}
