"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

interface Props {
  /** Print once by itself: after a fresh sale when the till prints automatically, or when asked. */
  printNow: boolean;
  newSaleHref: string;
  /** What stays in the address after printing, so a reload does not print again. */
  settledUrl: string;
}

/** Print, New sale (Enter), and the one automatic print after a sale. */
export function SlipControls({ printNow, newSaleHref, settledUrl }: Props) {
  const router = useRouter();
  const printed = useRef(false);
  const newSale = useRef<HTMLAnchorElement>(null);

  // Focus where the next keystroke goes: Enter starts the next sale.
  useEffect(() => newSale.current?.focus(), []);

  useEffect(() => {
    if (!printNow || printed.current) return;
    printed.current = true;
    window.history.replaceState(window.history.state, "", settledUrl);
    window.print();
  }, [printNow, settledUrl]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // Enter on a focused control does that control's job; anywhere else it starts the next sale.
      const target = event.target as HTMLElement | null;
      if (event.key !== "Enter" || (target && target !== document.body)) return;
      event.preventDefault();
      router.push(newSaleHref);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, newSaleHref]);

  return (
    <div className="no-print flex flex-wrap gap-3">
      <Link
        href={newSaleHref}
        ref={newSale}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2 text-lg font-semibold text-white"
      >
        New sale
      </Link>
      <button
        type="button"
        onClick={() => window.print()}
        className="min-h-11 rounded-lg border border-brand px-5 py-2 text-lg text-brand"
      >
        Print
      </button>
      <Link href="/history" className="inline-flex min-h-11 items-center underline">
        History
      </Link>
    </div>
  );
}
