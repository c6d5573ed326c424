"use client";

import { useState } from "react";
import { formatRand } from "@/lib/money";
import type { SaleView } from "@/lib/sales/sale-view";
import { SalePanel } from "./sale-panel";

/** What the panel's one action does: the form passes the action that fits its kind. */
export type Resolve =
  | {
      by: "retry";
      run: (saleId: string) => Promise<{ ok: true; data: SaleView } | { ok: false; error: string }>;
    }
  | { by: "registry"; run: (saleId: string) => Promise<string> }
  | { by: "supervisor" };

/** Messages written for the old panels that would contradict this one's action. */
const CONTRADICTS = /not confirmed|sell again|try again/i;

/**
 * The one "Not confirmed" panel for every kind: the journal (or the server's own answer, when
 * the journal could not record it) says the sale is unknown. Its action follows the sale: Retry
 * where the core service repeats a sale under its key (electricity, bills), Check with the
 * registry for fines, otherwise a supervisor resolves it. Whole sentences, and never "do not
 * sell again" beside "try again". A sale still on its way is never shown here (StillSending).
 */
export function NotConfirmed({
  sale,
  resolve,
  onResolved,
  onLeave,
}: {
  sale: SaleView;
  resolve: Resolve;
  onResolved(sale: SaleView): void;
  /** Free the form for the next customer; this sale stays in History and on the unresolved list. */
  onLeave(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const what = `${formatRand(sale.amountCents)} of ${sale.what}`;
  // The journal says what can be done (nextStep); the form supplies how.
  const step =
    sale.nextStep ??
    (resolve.by === "registry" ? "recheck_registry" : sale.retryable ? "retry" : "supervisor");
  const canRetry = resolve.by === "retry" && step === "retry";
  const canRecheck = resolve.by === "registry" && step === "recheck_registry";

  async function act() {
    setBusy(true);
    setNote(null);
    try {
      if (resolve.by === "retry") {
        const result = await resolve.run(sale.id);
        if (!result.ok) return setNote(result.error);
        // Completed, failed, or on its way again: the form shows it as the journal has it.
        if (result.data.status !== "unknown") return onResolved(result.data);
        setNote(
          "The core service has still not answered. Keep the customer's money and press Retry again in a minute.",
        );
      } else if (resolve.by === "registry" && canRecheck) {
        setNote(await resolve.run(sale.id));
      }
    } finally {
      setBusy(false);
    }
  }

  let sentence: string;
  let action: string | null;
  if (canRetry) {
    sentence = `The core service did not confirm the sale of ${what}. Keep the customer's money and do not take it again: press Retry, which asks again for this same sale, so it can never sell twice.`;
    action = "Retry";
  } else if (canRecheck) {
    sentence = `The registry did not confirm that the ${what} were marked paid. Keep the customer's money and do not take payment for these fines again. Press Check with the registry to see what it shows now.`;
    action = "Check with the registry";
  } else {
    sentence = `The core service did not confirm the sale of ${what}. Keep the customer's money and do not take it again: a supervisor resolves it from the unresolved sales.`;
    action = null;
  }
  // The reason in its own words (its first sentence), never a second, contradicting instruction.
  const firstSentence = sale.message?.split(/(?<=\.)\s+/)[0] ?? null;
  const reason = firstSentence && !CONTRADICTS.test(firstSentence) ? firstSentence : null;

  return (
    <SalePanel title="Not confirmed" tone="warn" saleId={sale.id}>
      <p>{sentence}</p>
      {reason && <p className="text-sm">{reason}</p>}
      {sale.notRecorded && (
        <p className="text-sm font-semibold" data-testid="not-confirmed-not-recorded">
          Kassa&apos;s journal could not record this answer yet: tell a supervisor.
        </p>
      )}
      <p aria-live="polite" data-testid="not-confirmed-note" className="min-h-6 text-sm">
        {busy ? "Asking…" : note}
      </p>
      {action && (
        <button
          type="button"
          onClick={act}
          disabled={busy}
          autoFocus
          className="self-start rounded-lg bg-warn px-5 py-2 text-lg font-semibold text-white disabled:opacity-60"
        >
          {action}
        </button>
      )}
      <p className="text-sm">
        Sale{" "}
        <span className="font-mono" data-testid="not-confirmed-sale-id">
          {sale.id}
        </span>{" "}
        stays in History until it is settled. To serve the next customer meanwhile, press Next
        customer.
      </p>
      <button
        type="button"
        onClick={onLeave}
        className="min-h-11 self-start rounded-lg border border-slate-400 bg-white px-4 py-2"
      >
        Next customer
      </button>
    </SalePanel>
  );
}
