/**
 * What the till tells the display facing the customer, in the same browser
 * (BroadcastChannel): nothing leaves the machine and nothing is stored. Every message
 * replaces the whole screen, so nothing of an earlier customer can remain. The forms call
 * `showOnCustomerDisplay` at confirm, at the slip and when a sale is abandoned.
 */
import type { Cents } from "@/lib/money";

export const CUSTOMER_DISPLAY_CHANNEL = "kassa-customer-display";

export type CustomerDisplayMessage =
  /** Between customers: a neutral screen. */
  | { show: "rest" }
  /** Before Purchase: what the customer is about to pay for, to check. */
  | {
      show: "confirm";
      what: string;
      reference: string;
      referenceLabel: string;
      ownerName: string | null;
      amountCents: Cents | null;
    }
  /** After the sale: the tokens (electricity) or just the amount paid. */
  | {
      show: "done";
      what: string;
      reference: string;
      referenceLabel: string;
      amountCents: Cents;
      tokens: { label: string; digits: string }[];
    };

/** Publish to every display window of this browser; a browser without BroadcastChannel just has none. */
export function showOnCustomerDisplay(message: CustomerDisplayMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** How long the slip waits for a display to say it has the sale before printing anyway (none open). */
const DISPLAY_ANSWER_MS = 1_000;

/**
 * Publish the sale just made and resolve once a display says it has it, or after `waitMs`.
 * The slip prints only then: a display opened with the till's button shares the till's event
 * loop, and `window.print()` pauses both, so a message still on its way would be lost.
 */
export function showOnCustomerDisplayThenPrint(
  message: CustomerDisplayMessage,
  waitMs = DISPLAY_ANSWER_MS,
): Promise<void> {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve();
  const id = crypto.randomUUID();
  const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  return new Promise<void>((resolve) => {
    const finish = () => {
      window.clearTimeout(timer);
      channel.close();
      resolve();
    };
    const timer = window.setTimeout(finish, waitMs);
    channel.onmessage = (event: MessageEvent) => {
      if (shownIdOf(event.data) === id) finish();
    };
    channel.postMessage({ ...message, id });
  });
}

/** The display's answer to a message carrying an `id`: `{ shown: id }`. */
function shownIdOf(data: unknown): string | null {
  const shown = (data as { shown?: unknown } | null)?.shown;
  return typeof shown === "string" ? shown : null;
}

/** The `id` a message asks the display to answer with once shown, if any. */
export function answerIdOf(data: unknown): string | null {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length <= 64 ? id : null;
}

/** Ask the display to rest (a sale abandoned, a new customer). */
export function restCustomerDisplay(): void {
  showOnCustomerDisplay({ show: "rest" });
}

/** A message from the channel, checked: another tab's odd message never breaks the display. */
export function readDisplayMessage(data: unknown): CustomerDisplayMessage | null {
  if (!data || typeof data !== "object") return null;
  const m = data as Record<string, unknown>;
  if (m.show === "rest") return { show: "rest" };
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const cents = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  const what = text(m.what);
  const reference = text(m.reference);
  const referenceLabel = text(m.referenceLabel);
  if (what === null || reference === null || referenceLabel === null) return null;
  if (m.show === "confirm")
    return {
      show: "confirm",
      what,
      reference,
      referenceLabel,
      ownerName: text(m.ownerName),
      amountCents: cents(m.amountCents),
    };
  if (m.show === "done") {
    const amountCents = cents(m.amountCents);
    if (amountCents === null || !Array.isArray(m.tokens)) return null;
    const tokens = m.tokens.flatMap((t: unknown) => {
      const o = t as Record<string, unknown> | null;
      const label = text(o?.label);
      const digits = text(o?.digits);
      return label !== null && digits !== null ? [{ label, digits }] : [];
    });
    return { show: "done", what, reference, referenceLabel, amountCents, tokens };
  }
  return null;
}
