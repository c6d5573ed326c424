"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** The key that opens "Token not accepted" for the sale whose row holds the focus. */
export const CARE_KEY = "r";

/**
 * R on a sale's row (the focus on one of its links or buttons) opens its "token not accepted"
 * helper; typing in a field is never taken for it.
 */
export function RowKeys() {
  const router = useRouter();
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== CARE_KEY || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const target = event.target as HTMLElement | null;
      if (!target || target.closest("input, textarea, select, [contenteditable]")) return;
      const link = target.closest("tr")?.querySelector<HTMLAnchorElement>("a[data-care-link]");
      if (!link) return;
      event.preventDefault();
      router.push(link.getAttribute("href")!);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
  return null;
}
