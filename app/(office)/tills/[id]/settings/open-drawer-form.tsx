"use client";

import { useState } from "react";
import { kickDrawer } from "@/components/printing/drawer";
import { openDrawerAction } from "./actions";

/** "Open drawer" without a sale: a supervisor's, with the reason kept in the audit log. */
export function OpenDrawerForm({ tillId }: { tillId: string }) {
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function open(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setError(null);
    const result = await openDrawerAction({ tillId, reason });
    setBusy(false);
    if (!result.ok) return setError(result.fieldErrors?.reason ?? result.error);
    const trouble = await kickDrawer(result.data);
    if (trouble) setError(trouble);
    else setMessage("Drawer opened. It is in the audit log with your reason.");
  }

  return (
    <form onSubmit={open} noValidate className="flex max-w-xl flex-col gap-2">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Reason for opening the drawer without a sale</span>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby="drawer-error"
          className="min-h-11 rounded border border-slate-400 px-3"
        />
        <span id="drawer-error" aria-live="polite" className="text-danger">
          {error}
        </span>
      </label>
      <div className="flex items-center gap-4">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-lg border border-brand px-4 py-2 text-brand"
        >
          Open drawer
        </button>
        <p role="status">{message}</p>
      </div>
    </form>
  );
}
