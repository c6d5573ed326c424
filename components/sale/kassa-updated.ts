/**
 * A page of an earlier build after Kassa was upgraded: the server no longer knows one of its
 * server actions (Next.js answers "Server Action not found" and the call throws an
 * UnrecognizedActionError). The page reloads once to get the new build. A sale pressed at that
 * moment is kept in sessionStorage (its key, what the cashier entered, what the screen showed)
 * and sent once after the reload, under the same key, so it can never be sold twice.
 */
import { unstable_isUnrecognizedActionError } from "next/navigation";
import { noteKassaUpdated } from "@/components/till/page-facts";
import type { SaleForm } from "./sale-store";

export const UPDATED_MESSAGE = "Kassa was updated: the page reloads.";
export const UPDATE_FAILED_MESSAGE =
  "Kassa was updated, but this page could not load the new version. Reload the page (F5), then press the button again: nothing was sold.";

/** True when the server did not know the action the page called: it runs a newer build. */
export function isKassaUpdated(error: unknown): boolean {
  return unstable_isUnrecognizedActionError(error);
}

/**
 * For a form that reads a failed call as "no answer, press again" (`.catch(noAnswer)`): an
 * upgraded Kassa is not that, and pressing again fails the same way. That error goes on to
 * ReloadOnUpdate (components/shell/reload-on-update.tsx), which reloads the page or says why not.
 */
export function noAnswer(error: unknown): null {
  if (isKassaUpdated(error)) throw error;
  return null;
}

const RELOADED_AT = "kassa.updated.reloadedAt";
/** One automatic reload per tab in this long: a second miss means reloading does not help. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reload for the new build, at most once a minute per tab. False when it just did. The till's
 * status area says which (components/till/page-facts.ts).
 */
export function reloadForUpdate(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) {
      noteKassaUpdated("failed");
      return false;
    }
    window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    noteKassaUpdated("failed");
    return false;
  }
  noteKassaUpdated("reloading");
  window.location.reload();
  return true;
}

/** A sale pressed when the page was out of date, kept for one send after the reload. */
export interface Resend<I = unknown, S = unknown> {
  key: string;
  input: I;
  sellAgain: boolean;
  /** What the form showed (a confirmed meter, a quote), so the page comes back as it was. */
  screen: S;
  at: number;
}

const resendName = (cashierId: string, form: SaleForm) => `kassa.resend.${cashierId}.${form}`;
/** Older than this, the customer is long gone: the key's own journal check takes over. */
const RESEND_FOR_MS = 5 * 60_000;

export function keepForResend(cashierId: string, form: SaleForm, resend: Resend) {
  window.sessionStorage.setItem(resendName(cashierId, form), JSON.stringify(resend));
}

/** The kept sale of this form, if any, left in place (the screen restores itself from it). */
function peekResend<I, S>(cashierId: string, form: SaleForm): Resend<I, S> | null {
  try {
    const text = window.sessionStorage.getItem(resendName(cashierId, form));
    const kept = text ? (JSON.parse(text) as Resend<I, S>) : null;
    return kept && Date.now() - kept.at < RESEND_FOR_MS ? kept : null;
  } catch {
    return null;
  }
}

/** The same, once the page is on screen (restoring state after the first render, not during it). */
export function keptForResend<I, S>(
  cashierId: string,
  form: SaleForm,
): Promise<Resend<I, S> | null> {
  return Promise.resolve().then(() => peekResend<I, S>(cashierId, form));
}

/** The kept sale is being sent (or cannot be): only one send ever comes of it. */
export function forgetResend(cashierId: string, form: SaleForm) {
  try {
    window.sessionStorage.removeItem(resendName(cashierId, form));
  } catch {}
}
