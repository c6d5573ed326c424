"use client";

import { useState } from "react";
import { formatRand } from "@/lib/money";
import { checkOrderStatusAction } from "./actions";

/** Asks the core service for one order's verified payment status and shows the answer beside it. */
export function CheckStatusButton({ orderId }: { orderId: string }) {
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    const result = await checkOrderStatusAction({ orderId });
    setBusy(false);
    if (!result.ok) return setText(result.error);
    const s = result.data;
    const amount = s.amountCents === null ? "" : ` ${formatRand(s.amountCents)}`;
    setText(
      `${s.paymentStatus}${s.gatewayStatus ? ` (${s.gatewayStatus})` : ""}${amount}${s.verificationErrors.length ? ` — ${s.verificationErrors.join("; ")}` : ""}`,
    );
  }

  return (
    <span className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={check}
        disabled={busy}
        aria-label={`Check status of ${orderId}`}
        className="rounded border border-slate-400 px-2 py-1 text-sm"
      >
        Check status
      </button>
      <span role="status" aria-live="polite" data-testid={`status-${orderId}`} className="text-sm">
        {text}
      </span>
    </span>
  );
}
