/**
 * What only the page in the browser knows, for the till's status area (till-status.tsx): the
 * sales a form on it shows itself (the status area leaves those to the form, so a sale is never
 * in two states on one screen), and whether Kassa was updated under the page. A small store
 * outside React: the sale hook and the update check write it, the status area reads it.
 */
import { useSyncExternalStore } from "react";

/** "reloading": the page is about to load the new version; "failed": it could not. */
export type KassaUpdate = "reloading" | "failed";

export interface PageFacts {
  onForm: readonly string[];
  updated: KassaUpdate | null;
}

const byForm = new Map<string, string>();
let facts: PageFacts = { onForm: [], updated: null };
const listeners = new Set<() => void>();

function publish(next: PageFacts) {
  facts = next;
  for (const listener of listeners) listener();
}

/** The sale a form shows (open, still sending, its tokens), or null when it shows none. */
export function showOnForm(form: string, saleId: string | null) {
  if ((byForm.get(form) ?? null) === saleId) return;
  if (saleId) byForm.set(form, saleId);
  else byForm.delete(form);
  publish({ ...facts, onForm: [...byForm.values()] });
}

export function noteKassaUpdated(update: KassaUpdate) {
  if (facts.updated !== update) publish({ ...facts, updated: update });
}

/** A till status area is on the page and says what this store holds (the shell need not). */
export function tillStatusListening(): boolean {
  return listeners.size > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: PageFacts = { onForm: [], updated: null };

export function usePageFacts(): PageFacts {
  return useSyncExternalStore(
    subscribe,
    () => facts,
    () => EMPTY,
  );
}
