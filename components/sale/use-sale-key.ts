"use client";

import { useCallback, useState } from "react";

/** A v4 UUID even where crypto.randomUUID is missing (a till on plain http over the LAN). */
export function newSaleKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency key of the sale this form is making. Made when the form opens and kept
 * in sessionStorage until the sale settles, so that a reload or a resubmit maps to the same
 * journal row and can never sell twice. `renew` starts a new sale.
 */
export function useSaleKey(scope: string) {
  const storageKey = `kassa.saleKey.${scope}`;
  const [state] = useState(() => {
    if (typeof window === "undefined") return { key: "", reopened: false };
    const stored = window.sessionStorage.getItem(storageKey);
    if (stored) return { key: stored, reopened: true };
    const key = newSaleKey();
    window.sessionStorage.setItem(storageKey, key);
    return { key, reopened: false };
  });
  const [key, setKey] = useState(state.key);
  const renew = useCallback(() => {
    const next = newSaleKey();
    window.sessionStorage.setItem(storageKey, next);
    setKey(next);
    return next;
  }, [storageKey]);
  return { key, reopened: state.reopened, renew };
}

/** Remember a choice (the municipality) for the next sale, in a cookie the page reads on the server. */
export function rememberChoice(cookie: string, value: string) {
  document.cookie = `${cookie}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
