"use client";

import { useEffect, useRef } from "react";
import { NOT_CONFIRMED } from "@/lib/sales/sale-view";

export type Outcome =
  | { kind: "refused"; message: string }
  | { kind: "failed"; message: string }
  | { kind: "unconfirmed"; saleId: string; message?: string };

/** What happened to a purchase that did not end on a slip. */
export function SaleOutcome({ outcome, onNewSale, onNewQuote }: { outcome: Outcome; onNewSale(): void; onNewQuote(): void }) {
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => nextRef.current?.focus(), [outcome]);

  if (outcome.kind === "unconfirmed") {
    return (
      <div role="alert" className="rounded-lg border-2 border-warn bg-amber-50 p-3">
        <p className="text-lg font-bold text-warn">{NOT_CONFIRMED}</p>
        <p>{outcome.message ?? "The core service did not confirm this sale."}</p>
        <p className="text-sm text-slate-700">
          A supervisor will check it. Sale <span data-testid="vas-sale-id">{outcome.saleId}</span>
        </p>
        <button ref={nextRef} type="button" onClick={onNewSale} className="mt-2 rounded border border-slate-400 bg-white px-3 py-1">
          New sale
        </button>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-danger">
      <p>{outcome.message}</p>
      {outcome.kind === "failed" && (
        <p className="text-sm text-slate-700">Nothing was sold. Check the details and get a new quote.</p>
      )}
      <button ref={nextRef} type="button" onClick={onNewQuote} className="mt-2 rounded border border-slate-400 bg-white px-3 py-1">
        Get a new quote
      </button>
    </div>
  );
}
