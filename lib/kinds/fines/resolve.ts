import "server-only";
import { ActionError } from "@/lib/errors";
import { audit, type Actor } from "@/lib/audit";
import { findSale } from "@/lib/sales/journal";
import { noticesNow } from "@/lib/kinds/fines/lookup";

export type RecheckVerdict = "all_paid" | "not_yet" | "none_paid" | "some_paid";

/**
 * How long a mark-paid that reached the registry may take to show in its look-ups. Until
 * this long after the sale's last attempt, a look-up that does not show the fines paid
 * proves nothing: "not settled yet", never "hand the money back".
 */
const FINES_LANDING_MS = 10 * 60_000;

export interface FinesRecheck {
  saleId: string;
  verdict: RecheckVerdict;
  notices: { noticeNumber: string; isPaid: boolean | null }[];
  /** What was found and what to do, in words a supervisor or cashier can act on. */
  message: string;
}

/**
 * The rule a supervisor's verdict follows (docs/architecture.md, Traffic fines): all paid →
 * the marking went through; some or none paid within FINES_LANDING_MS of the last attempt →
 * not settled yet, look again; none paid after that → it did not go through; some paid after
 * that → call the fines service.
 */
export function verdictOf(
  notices: FinesRecheck["notices"],
  sinceLastAttemptMs: number,
): RecheckVerdict {
  const paid = notices.filter((n) => n.isPaid === true).length;
  if (paid === notices.length) return "all_paid";
  if (sinceLastAttemptMs < FINES_LANDING_MS) return "not_yet";
  return paid === 0 ? "none_paid" : "some_paid";
}

const MESSAGES: Record<RecheckVerdict, string> = {
  all_paid:
    "The registry shows every fine of this sale as paid: the marking went through. Resolve the sale as completed; do not take payment again.",
  not_yet:
    "Not settled yet: the registry does not show every fine of this sale as paid so far, and a marking can take a few minutes to show. Check again in a minute. Do not hand the money back and do not take payment again.",
  none_paid:
    "The registry shows none of these fines as paid: the marking did not go through. Resolve the sale as not sold (hand the customer's money back); the fines can then be paid in a new sale.",
  some_paid:
    "The registry shows only some of these fines as paid. Call the fines service before resolving this sale; do not take payment again.",
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
  // A refusal of the registry reaches the screen through staffAction, in its own words.
  const now = await noticesNow(wanted);
  const notices = wanted.map((noticeNumber) => ({
    noticeNumber,
    isPaid: now.get(noticeNumber)?.isPaid ?? null,
  }));
  const verdict = verdictOf(notices, Date.now() - sale.updatedAt.getTime());
  await audit(actor, "fines_rechecked", saleId, {
    verdict,
    paid: notices.filter((n) => n.isPaid).length,
    of: notices.length,
  });
  return { saleId, verdict, notices, message: MESSAGES[verdict] };
}
