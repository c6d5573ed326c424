"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { CustomerDisplayMessage } from "@/components/customer-display/channel";
import { showOnCustomerDisplayThenPrint } from "@/components/customer-display/then-print";
import type { PrinterConnection } from "@/lib/printing/connection";
import { TillPrint } from "@/components/printing/till-print";

interface Props {
  /** The sale just made, for the display facing the customer (never on a reprint). */
  displayMessage: CustomerDisplayMessage | null;
  /** Print once by itself: after a fresh sale when the till prints automatically, or when asked. */
  printNow: boolean;
  newSaleHref: string;
  /** What stays in the address after printing, so a reload does not print again. */
  settledUrl: string;
  /** The till's printer: the browser's print, or its own printer (USB, serial, network). */
  printer: {
    connection: PrinterConnection;
    saleId: string;
    reprint: boolean;
    handCopy: string | null;
  };
}

/** Print, New sale (Enter), and the one automatic print after a sale. */
export function SlipControls({
  displayMessage,
  printNow,
  newSaleHref,
  settledUrl,
  printer,
}: Props) {
  const router = useRouter();
  const printed = useRef(false);
  const newSale = useRef<HTMLAnchorElement>(null);

  // Focus where the next keystroke goes: Enter starts the next sale.
  useEffect(() => newSale.current?.focus(), []);

  // The display gets the sale first: printing pauses a display window opened from the till.
  const displayJson = displayMessage ? JSON.stringify(displayMessage) : null;
  useEffect(() => {
    let live = true;
    const shown = displayJson
      ? showOnCustomerDisplayThenPrint(JSON.parse(displayJson) as CustomerDisplayMessage)
      : Promise.resolve();
    if (printNow && !printed.current) {
      window.history.replaceState(window.history.state, "", settledUrl);
      void shown.then(() => {
        // Not once the cashier has left the slip (another page would print).
        if (!live || printed.current) return;
        printed.current = true;
        // The till's own printer prints through TillPrint below.
        if (printer.connection === "browser") window.print();
      });
    }
    return () => {
      live = false;
    };
  }, [displayJson, printNow, settledUrl, printer.connection]);

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
        // The next sale's form, whole, while the slip prints: Enter opens it from the browser.
        prefetch
        ref={newSale}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2 text-lg font-semibold text-white"
      >
        New sale
      </Link>
      {printer.connection === "browser" ? (
        <button
          type="button"
          onClick={() => window.print()}
          className="min-h-11 rounded-lg border border-brand px-5 py-2 text-lg text-brand"
        >
          Print
        </button>
      ) : (
        <TillPrint
          connection={printer.connection}
          target={{ saleId: printer.saleId }}
          reprint={printer.reprint}
          printNow={printNow}
          handCopy={printer.handCopy}
        />
      )}
      <Link href="/history" className="inline-flex min-h-11 items-center underline">
        History
      </Link>
    </div>
  );
}
