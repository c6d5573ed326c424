"use client";

import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { describeSale } from "@/lib/kinds/meta";
import { deliverAfterCancelAction, owedBackAfterCancelAction } from "@/lib/actions/card-payment";
import type { PaidAfterCancelNotice } from "@/lib/sales/card/client";

const BUTTON = "min-h-11 shrink-0 rounded-lg px-3 py-1 text-sm font-semibold disabled:opacity-50";

/**
 * The two outcomes of a card payment the customer's phone made after this till cancelled it
 * (the till's notice of kind "paid-after-cancel", components/till/notices.ts): Deliver now (the
 * customer is here and was not served another way: the sale goes through once and its slip
 * opens) or Owed back (served another way, or gone: the card payment goes on the refund list).
 * Sold again since: only Owed back. Loaded only on a till that has one to show; brought into
 * view when it appears, never taking the focus from the form in use.
 */
export function PaidAfterCancelActions({
  followUp,
  onDone,
}: {
  followUp: PaidAfterCancelNotice;
  /** Handled: what the cashier is told once the notice has gone. */
  onDone(sentence: string): void;
}) {
  const router = useRouter();
  const box = useRef<HTMLButtonElement>(null);
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    void box.current?.scrollIntoView({ block: "nearest" });
  }, []);
  const what = describeSale(followUp.kind, followUp.reference);
  const deliver = useMutation({
    mutationFn: () => deliverAfterCancelAction({ saleId: followUp.saleId }),
    onSuccess: (result) => {
      if (!result.ok) return;
      if (result.data.status === "completed") {
        onDone(`Paid after cancel, delivered: ${what}.`);
        router.push(`/slips/${followUp.saleId}?fresh=1`);
      } else onDone(result.data.message ?? "Not confirmed: a supervisor resolves it.");
    },
  });
  const owe = useMutation({
    mutationFn: () => owedBackAfterCancelAction({ saleId: followUp.saleId }),
    onSuccess: (result) => {
      if (result.ok)
        onDone(`Paid after cancel, owed back: ${what}. A supervisor refunds the card payment.`);
    },
  });
  const busy = deliver.isPending || owe.isPending;
  const refused = [deliver.data, owe.data].find((a) => a && !a.ok);
  const said = busy
    ? "One moment…"
    : refused && !refused.ok
      ? refused.error
      : deliver.isError || owe.isError
        ? "Kassa did not answer. Press the button again: it never does it twice."
        : null;
  return (
    <>
      {!followUp.soldAgain && (
        <button
          type="button"
          disabled={busy}
          onClick={() => deliver.mutate()}
          className={`${BUTTON} bg-brand text-white`}
        >
          Deliver now
        </button>
      )}
      <button
        ref={box}
        type="button"
        disabled={busy}
        onClick={() => owe.mutate()}
        className={`${BUTTON} border-2 border-warn bg-white text-slate-900`}
      >
        Owed back
      </button>
      <span role="status" aria-live="polite" className="text-sm">
        {said}
      </span>
    </>
  );
}
