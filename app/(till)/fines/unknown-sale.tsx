"use client";

import { useState } from "react";
import { recheckFinesSaleAction } from "./actions";

/**
 * A fines sale whose marking was not confirmed. It must not be paid again; the cashier can
 * ask the registry what it now shows (a look-up only, nothing is marked paid again).
 */
export function UnknownFinesSale({ saleId, message }: { saleId: string; message: string | null }) {
  const [report, setReport] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function recheck() {
    setBusy(true);
    const result = await recheckFinesSaleAction({ saleId });
    setBusy(false);
    if (!result.ok) return setReport(result.error);
    const { notices, message: advice } = result.data;
    const paid = notices.filter((n) => n.isPaid).map((n) => n.noticeNumber);
    const unpaid = notices.filter((n) => !n.isPaid).map((n) => n.noticeNumber);
    const lines = [paid.length ? `Paid at the registry: ${paid.join(", ")}.` : "", unpaid.length ? `Not paid at the registry: ${unpaid.join(", ")}.` : ""];
    setReport(`${lines.filter(Boolean).join(" ")} ${advice}`);
  }

  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border-2 border-warn bg-amber-50 p-4 text-amber-950">
      <p className="text-lg font-semibold">Not confirmed — do not take payment for these fines again.</p>
      {message && <p>{message}</p>}
      <p className="text-sm">
        Sale <span className="font-mono" data-testid="fines-unknown-sale">{saleId}</span> is waiting for a supervisor.
      </p>
      <button type="button" onClick={recheck} disabled={busy} className="self-start rounded-lg bg-warn px-4 py-2 font-semibold text-white disabled:opacity-60">
        Check with the registry
      </button>
      <p aria-live="polite" data-testid="fines-recheck">
        {report}
      </p>
    </div>
  );
}
