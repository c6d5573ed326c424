/**
 * The life of a sale on a form, as a pure function: the stage the form shows and an event give
 * the next stage and what must be done about the form's sale key and the screen (effects the
 * hook carries out). No React, no storage: tests/unit/sale-machine.test.ts walks it.
 *
 * The rules it keeps: the journal decides, never the browser alone; a sale still on its way is
 * shown as on its way and followed until the journal settles it; "Not confirmed" only when the
 * journal (or the server's own answer) says unknown, whether or not the journal could record
 * it, and then the form keeps its key; a new key only once a sale settled and was shown.
 */
import type { SaleView } from "@/lib/sales/sale-view";
import { readRefusal, type EarlierSale, type PurchaseAnswer } from "./sale-answer";

export type SaleStage =
  | { is: "ready" }
  | { is: "purchasing" }
  /** The answer was lost or late: asking the journal by key. */
  | { is: "asking" }
  /** The journal holds the sale and it is still being sent: shown as on its way, followed. */
  | { is: "sending"; sale: SaleView }
  /** Recorded and not settled: waiting for the card payment, or not confirmed (unknown). */
  | { is: "open"; sale: SaleView }
  /** Completed, but the journal could not be written: the form shows what came back. */
  | { is: "not-recorded"; sale: SaleView }
  /** Completed with tokens: shown from the sale's own answer while its slip page loads. */
  | { is: "done"; sale: SaleView }
  | { is: "refused"; message: string; fieldErrors: Record<string, string> }
  | { is: "key-reused"; message: string }
  /** Kassa was upgraded under this page: the sale is kept and sent once after the reload. */
  | { is: "updated" }
  | { is: "duplicate"; message: string; earlier: EarlierSale | null };

/** What the journal said when asked by key: its sale, no sale under the key, or no answer. */
export type JournalAnswer = SaleView | null | "unreachable";

export type SaleEvent =
  /** Purchase (or Pay) pressed, or a sale kept over an upgrade's reload sent again. */
  | { on: "pressed" }
  /** The purchase action answered. */
  | { on: "answered"; answer: PurchaseAnswer }
  /** No answer in time, or the connection dropped: the journal is asked. */
  | { on: "answer-lost" }
  /** The journal's answer about the form's key (after a lost answer, or while following). */
  | { on: "journal"; asked: JournalAnswer }
  /** The server no longer knows the action; `reloading` false when the page cannot reload. */
  | { on: "outdated"; reloading: boolean }
  /** On opening the form: the journal's sale under a key this browser sent and never heard back on. */
  | { on: "found"; sale: SaleView }
  /** A sale's outcome learnt otherwise: Retry, Check with the registry, the card screen. */
  | { on: "settled"; sale: SaleView }
  /** The card payment ended but the journal does not say how the sale did. */
  | { on: "card-unconfirmed"; message: string | null }
  /** Declined, cancelled or not paid in time: nothing was sold. */
  | { on: "card-not-paid"; reason: string }
  | { on: "browser-error" }
  /** Back to the form as it is (a new look-up, Cancel, New sale). */
  | { on: "reset" }
  /** Next customer: the open sale stays in History, the form is free. */
  | { on: "leave" };

export type SaleEffect =
  /** The key's sale settled and was shown: the next sale gets a new key. */
  | { do: "renew-key" }
  /** The key belonged to another request (a copied tab): never use it again. */
  | { do: "replace-key" }
  /** Nothing was recorded under the key: it stays for the next attempt, no longer "sent". */
  | { do: "free-key" }
  /** A completed sale is unseen until its slip is on screen. */
  | { do: "remember-unseen"; sale: SaleView }
  | { do: "show-slip"; saleId: string }
  /** Keep asking the journal by key until the sale is no longer being sent. */
  | { do: "follow" }
  /** The sale kept for after the reload will not be sent (the page could not reload). */
  | { do: "forget-resend" };

export interface Step {
  stage: SaleStage;
  effects: SaleEffect[];
}

/** What the machine needs to know of its form: the button that sells, as messages name it. */
export interface SaleMachine {
  button: "Purchase" | "Pay";
}

export const READY: SaleStage = { is: "ready" };

const refused = (message: string): SaleStage => ({ is: "refused", message, fieldErrors: {} });

/** A sale the journal holds, in the one stage its status puts it in. */
function settle(stage: SaleStage, sale: SaleView): Step {
  if (sale.status === "completed") {
    // The slip page cannot show a sale the journal does not hold yet: the form shows its lines.
    if (sale.notRecorded)
      return { stage: { is: "not-recorded", sale }, effects: [{ do: "renew-key" }] };
    return {
      // Tokens at once while the slip loads; otherwise the form stays as it is until it does.
      stage: sale.tokens?.length ? { is: "done", sale } : stage,
      effects: [
        { do: "renew-key" },
        // Unseen until the slip page is on screen: a reload or a closed tab on the way still offers it.
        { do: "remember-unseen", sale },
        { do: "show-slip", saleId: sale.id },
      ],
    };
  }
  if (sale.status === "failed")
    return {
      stage: refused(sale.message ?? "The core service refused this sale. Nothing was sold."),
      effects: [{ do: "renew-key" }],
    };
  // Paid by card after the till stopped waiting: a supervisor's now; the form is free and the
  // till's notices say "Paid, not delivered".
  if (sale.paidNotDelivered) return { stage: READY, effects: [{ do: "renew-key" }] };
  // Being sent (not waiting for a card): on its way, never "not confirmed" before the journal says so.
  if (sale.status === "pending" && !sale.awaitingCard)
    return { stage: { is: "sending", sale }, effects: [{ do: "follow" }] };
  // Unknown, recorded or not (the server's own answer says unknown): the same key stays with it.
  return { stage: { is: "open", sale }, effects: [] };
}

export function transition(stage: SaleStage, event: SaleEvent, form: SaleMachine): Step {
  const again = `press ${form.button} again`;
  switch (event.on) {
    case "pressed":
      return { stage: { is: "purchasing" }, effects: [] };
    case "answered": {
      const { answer } = event;
      if (answer.ok) return settle(stage, answer.data);
      const refusal = readRefusal(answer);
      if (refusal.is === "key-reused") return { stage: refusal, effects: [{ do: "replace-key" }] };
      // Nothing was recorded under the key: it stays for the corrected (or confirmed) attempt.
      return { stage: refusal, effects: [{ do: "free-key" }] };
    }
    case "answer-lost":
      return { stage: { is: "asking" }, effects: [] };
    case "journal": {
      const { asked } = event;
      if (asked === "unreachable") {
        // Still waiting for a sale on its way: the next question may be answered.
        if (stage.is === "sending") return { stage, effects: [{ do: "follow" }] };
        return {
          stage: refused(
            `Kassa could not be reached to say what happened. Check the connection, then ${again}: it repeats the same sale and never sells twice.`,
          ),
          effects: [],
        };
      }
      if (asked === null)
        return {
          stage: refused(
            `The sale never reached Kassa, so nothing was sold. Press ${form.button} again.`,
          ),
          effects: [{ do: "free-key" }],
        };
      return settle(stage, asked);
    }
    case "outdated":
      return event.reloading
        ? { stage: { is: "updated" }, effects: [] }
        : {
            // The till's status area says that Kassa was updated; the form says what to do.
            stage: refused(`Nothing was sold. Reload the page (F5), then ${again}.`),
            effects: [{ do: "forget-resend" }],
          };
    case "found": {
      // Completed and failed sales were handed to the till's notices when the key was asked about.
      const { sale } = event;
      if (sale.status !== "unknown" && sale.status !== "pending") return { stage, effects: [] };
      return settle(stage, sale);
    }
    case "settled":
      return settle(stage, event.sale);
    case "card-unconfirmed":
      if (stage.is !== "open") return { stage, effects: [] };
      return {
        stage: {
          is: "open",
          sale: { ...stage.sale, status: "unknown", message: event.message, awaitingCard: false },
        },
        effects: [],
      };
    case "card-not-paid":
      return {
        // The reason already says that nothing was sold (and, cancelled at the till, what
        // happens if the customer's phone pays after all).
        stage: refused(`${event.reason} Take cash or try the card again.`),
        effects: [{ do: "renew-key" }],
      };
    case "browser-error":
      return {
        stage: refused(
          "Something went wrong in the browser. Check the sale in History before selling again.",
        ),
        effects: [],
      };
    case "reset":
      return { stage: READY, effects: [] };
    case "leave":
      return { stage: READY, effects: [{ do: "renew-key" }] };
  }
}

/** The form's button waits: a purchase is on its way or the page is about to move on. */
export function isBusy(stage: SaleStage): boolean {
  return (
    stage.is === "purchasing" ||
    stage.is === "asking" ||
    stage.is === "updated" ||
    stage.is === "done"
  );
}

/** The form gives way to the sale: its card payment, not confirmed, still sending, its tokens. */
export function isOccupied(stage: SaleStage): boolean {
  return (
    stage.is === "open" ||
    stage.is === "asking" ||
    stage.is === "sending" ||
    stage.is === "not-recorded" ||
    stage.is === "done"
  );
}

/** The sale the form shows itself: the till's status area leaves it to the form. */
export function saleOnForm(stage: SaleStage): string | null {
  return "sale" in stage ? stage.sale.id : null;
}
