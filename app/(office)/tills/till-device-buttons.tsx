"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { enrolDeviceAction, revokeDeviceAction } from "./actions";

/** Enrol the browser in use as this till. */
export function EnrolButton({ tillId, tillName }: { tillId: string; tillName: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function enrol() {
    setBusy(true);
    const r = await enrolDeviceAction({ tillId });
    setBusy(false);
    setMessage(r.ok ? `This browser is now ${r.data.tillName}.` : r.error);
    if (r.ok) router.refresh();
  }
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={enrol}
        disabled={busy}
        aria-label={`Enrol this browser as ${tillName}`}
        className="rounded border border-slate-400 px-2 py-1 text-sm disabled:opacity-60"
      >
        Enrol this browser
      </button>
      <span role="status" className="text-sm">
        {message}
      </span>
    </div>
  );
}

/** Revoke one enrolled browser. */
export function RevokeButton({ deviceId, label }: { deviceId: string; label: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  async function revoke() {
    const r = await revokeDeviceAction({ deviceId });
    setMessage(r.ok ? "Revoked." : r.error);
    if (r.ok) router.refresh();
  }
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        onClick={revoke}
        aria-label={`Revoke ${label}`}
        className="rounded border border-danger px-2 py-1 text-sm text-danger"
      >
        Revoke
      </button>
      <span role="status" className="text-sm">
        {message}
      </span>
    </span>
  );
}
