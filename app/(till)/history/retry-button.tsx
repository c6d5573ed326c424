"use client";

import Link from "next/link";
import { useState } from "react";
import type { SaleView } from "@/lib/sales/sale-view";
import { retrySaleAction } from "@/lib/actions/sale";

/** Retry an unknown sale from history under its own key until the core service gives a final answer. */
export function RetryButton({ sale }: { sale: SaleView }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [done, setDone] = useState<SaleView | null>(null);

  async function retry() {
    setBusy(true);
    const result = await retrySaleAction({ saleId: sale.id });
    setBusy(false);
    if (!result.ok) return setNote(result.error);
    if (result.data.status === "completed" || result.data.status === "failed") {
      // The slip of a sale resolved here was never printed: print it as an original.
      setDone(result.data);
      return;
    }
    setNote(result.data.message ?? "Still no answer. Try again in a moment.");
  }

  if (done?.status === "completed") {
    return (
      <Link
        href={`/slips/${done.id}?fresh=1`}
        className="inline-flex min-h-11 items-center font-semibold underline"
      >
        Completed — print slip
      </Link>
    );
  }
  if (done) return <span role="status">Failed: {done.message}</span>;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={retry}
        disabled={busy}
        className="min-h-11 rounded bg-warn px-3 py-1 font-semibold text-white disabled:opacity-60"
      >
        {busy ? "Retrying…" : "Retry"}
      </button>
      <span aria-live="polite" className="text-sm">
        {note}
      </span>
    </div>
  );
}
