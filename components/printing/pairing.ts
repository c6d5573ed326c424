/**
 * Which USB or serial printer this till's browser uses, remembered in its local storage once
 * the cashier or supervisor chose it in Chromium's chooser. Kept apart from web-printer.ts so
 * that asking costs no download.
 */
export type Via = "usb" | "serial";

export const STORAGE_KEY = (via: Via) => `kassa.printer.${via}`;

export const NOT_PAIRED = "No printer is paired with this till yet: choose it with Pair printer.";

export function isPaired(via: Via): boolean {
  return localStorage.getItem(STORAGE_KEY(via)) !== null;
}
