import "server-only";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { checkCardPayment, noteTillWaiting, type CardPaymentView } from "@/lib/sales/card";
import { oneInFlight } from "./one-in-flight";
import { limitOrRefuse } from "./rate-limit";

type CheckMode = Parameters<typeof checkCardPayment>[2];

/**
 * A card payment's status asked for a till or kiosk: under the user's limit (polls at the
 * till's pace, other checks fewer), and one status call in flight per sale: polls that come
 * while one runs share its answer; a cancel or "Check payment" waits for it, then asks itself.
 * The key holds the user too: only the sale's own user gets past checkCardPayment's owner rule.
 * A poll says at once that the till is still waiting, before it waits for a status answer.
 */
export async function checkCardPaymentLimited(
  saleId: string,
  staff: Staff,
  mode: CheckMode,
): Promise<CardPaymentView> {
  const polling = mode === "poll";
  await limitOrRefuse(
    polling || mode === "final" ? "cardPoll" : "saleCheck",
    staff.userId,
    actorOf(staff),
    `card_${mode}`,
  );
  if (polling) await noteTillWaiting(saleId, staff);
  return oneInFlight(
    `card:${saleId}:${staff.userId}`,
    () => checkCardPayment(saleId, staff, mode),
    { share: polling },
  );
}
