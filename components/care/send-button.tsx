"use client";

import { lazy, Suspense, useState } from "react";

// The form, its checks and its action load only when the cashier asks for them: the slip
// screen and History keep their JavaScript (the till pages' budgets).
const SendForm = lazy(() => import("./send-form"));

/** "Send to phone or e-mail": opens the send form of one sale in place. */
export function SendButton({ saleId }: { saleId: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm"
      >
        Send to phone or e-mail
      </button>
    );
  return (
    <Suspense fallback={<p role="status">Opening the send form…</p>}>
      <SendForm saleId={saleId} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
