"use client";

import { useState } from "react";
import { retrySaleAction } from "@/lib/actions/sale";
import { NOT_CONFIRMED, type SaleView } from "@/lib/sales/sale-view";
import { formatRand } from "@/lib/money";

/**
 * An electricity or bill sale whose answer was lost: never sell again, Retry repeats it
 * under its own key until the core service gives a final answer.
 */
export function UnknownSale({ sale, onResolved }: { sale: SaleView; onResolved: (sale: SaleView) => void }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  // A sale still pending (its first send in flight or interrupted) may be asked again too.
  const canRetry = sale.retryable || sale.status === "pending";

  async function retry() {
    setBusy(true);
    setNote(null);
    const result = await retrySaleAction({ saleId: sale.id });
    setBusy(false);
    if (!result.ok) return setNote(result.error);
    if (result.data.status === "unknown" || result.data.status === "pending") {
      setNote(result.data.message ?? "Still no answer. Try again in a moment.");
      return;
    }
    onResolved(result.data);
  }

  return (
    <section role="alert" aria-labelledby={`unknown-${sale.id}`} className="flex flex-col gap-3 rounded-xl border-2 border-warn bg-amber-50 p-4">
      <h2 id={`unknown-${sale.id}`} className="text-xl font-bold text-warn">
        {NOT_CONFIRMED}
      </h2>
      <p>
        {formatRand(sale.amountCents)} for {sale.reference}. The core service did not confirm this sale. Keep the customer&apos;s money
        {canRetry ? " and press Retry: it repeats the same sale and can never sell twice." : " until it is resolved."}
      </p>
      {sale.message && <p className="text-sm text-slate-700">{sale.message}</p>}
      <p aria-live="polite" className="min-h-6 text-sm">
        {busy ? "Asking the core service…" : note}
      </p>
      {canRetry ? (
        <button type="button" onClick={retry} disabled={busy} autoFocus className="self-start rounded-lg bg-warn px-5 py-2 text-lg font-semibold text-white disabled:opacity-60">
          Retry
        </button>
      ) : (
        <p className="font-semibold">A supervisor resolves this sale from the unresolved list. Do not sell again.</p>
      )}
    </section>
  );
}
