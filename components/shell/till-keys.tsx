"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { restCustomerDisplay } from "@/components/customer-display/channel";

export const REPRINT_LAST_KEY = "F9";

/**
 * On every till screen: F9 reprints the cashier's last slip at this till; a button opens the display
 * facing the customer (a second window). Leaving a slip or a sale rests that display, so
 * the next customer sees nothing of the last one.
 */
export function TillKeys() {
  const router = useRouter();
  const pathname = usePathname();

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== REPRINT_LAST_KEY || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      router.push("/slips/last");
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);

  useEffect(() => {
    if (!pathname.startsWith("/slips/")) restCustomerDisplay();
  }, [pathname]);

  return (
    <div className="no-print flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => router.push("/slips/last")}
        aria-keyshortcuts={REPRINT_LAST_KEY}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm"
      >
        {/* The staff bar stays one line at 1024 px: the middle words are read, not shown, below xl. */}
        Reprint<span className="sr-only xl:not-sr-only"> last slip</span>{" "}
        <kbd className="font-mono">{REPRINT_LAST_KEY}</kbd>
      </button>
      <button
        type="button"
        onClick={() =>
          window.open("/display", "kassa-customer-display", "popup,width=1024,height=600")
        }
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm"
      >
        Open<span className="sr-only xl:not-sr-only"> customer</span> display
      </button>
    </div>
  );
}
