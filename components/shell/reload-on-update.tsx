"use client";

import { useEffect, useState } from "react";
import {
  isKassaUpdated,
  reloadForUpdate,
  UPDATE_FAILED_MESSAGE,
  UPDATED_MESSAGE,
} from "@/components/sale/kassa-updated";
import { tillStatusListening } from "@/components/till/page-facts";

/**
 * Every page (till, kiosk, office): an action the server no longer knows (Kassa was upgraded
 * under an open page) says so and reloads the page once, instead of failing without a word.
 * A sale is kept and sent again by the sale hook itself (components/sale/use-sale.ts); other
 * actions (a lookup, a report) change nothing, so reloading loses nothing but the typing.
 * On a till page the till's status area says it (components/till/till-status.tsx), not this bar.
 */
export function ReloadOnUpdate() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isKassaUpdated(event.reason)) return;
      event.preventDefault();
      const reloading = reloadForUpdate();
      if (!tillStatusListening()) setMessage(reloading ? UPDATED_MESSAGE : UPDATE_FAILED_MESSAGE);
    };
    window.addEventListener("unhandledrejection", onRejection);
    return () => window.removeEventListener("unhandledrejection", onRejection);
  }, []);
  if (!message) return null;
  return (
    <p
      role="alert"
      className="fixed inset-x-0 top-0 z-50 bg-amber-100 p-3 text-center font-semibold text-amber-950 shadow"
    >
      {message}
    </p>
  );
}
