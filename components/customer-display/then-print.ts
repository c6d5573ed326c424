/** The slip's hand-over to the display: the sale is shown there before the slip prints. */
import { CUSTOMER_DISPLAY_CHANNEL, type CustomerDisplayMessage } from "./channel";

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
