/**
 * What the till tells the display facing the customer, in the same browser
 * (BroadcastChannel): nothing leaves the machine and nothing is stored. Every message
 * replaces the whole screen, so nothing of an earlier customer can remain. The forms call
 * `showOnCustomerDisplay` at confirm, at the slip and when a sale is abandoned. This file is the
 * part every till screen loads; the slip's hand-over (then-print.ts) and the display's own
 * reading (read-message.ts) live beside it.
 */
import type { Cents } from "@/lib/money";

export const CUSTOMER_DISPLAY_CHANNEL = "kassa-customer-display";

/** One line of what the customer pays for: "Notice 0212…", "Speeding", R 525,00. */
export interface DisplayItem {
  label: string;
  detail: string | null;
  amountCents: Cents;
}

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
      /** What the amount is made of, one line each (the fines chosen, a quote's product and fees). */
      items?: DisplayItem[];
    }
  /** A card payment at the counter: the hosted checkout's QR code and link, for the customer's phone. */
  | { show: "card"; amountCents: Cents; url: string; qrSvg: string }
  /** After the sale: the tokens (electricity) or just the amount paid. */
  | {
      show: "done";
      what: string;
      reference: string;
      referenceLabel: string;
      amountCents: Cents;
      tokens: { label: string; digits: string }[];
      /** Said before the tokens (a key change: enter its tokens first), title then lines. */
      notice?: string[];
    };

/** Publish to every display window of this browser; a browser without BroadcastChannel just has none. */
export function showOnCustomerDisplay(message: CustomerDisplayMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Ask the display to rest (a sale abandoned, a new customer). */
export function restCustomerDisplay(): void {
  showOnCustomerDisplay({ show: "rest" });
}
