"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { StepUpPrompt } from "@/components/forms/step-up-field";
import { closeKioskAction, enrolDeviceAction, revokeDeviceAction } from "./actions";

/** Enrol the browser in use as this till, once the supervisor confirmed it again. */
export function EnrolButton({ tillId, tillName }: { tillId: string; tillName: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  async function enrol(confirm: string) {
    const r = await enrolDeviceAction({ tillId, confirm });
    if (!r.ok && r.fieldErrors?.confirm) return r.fieldErrors.confirm;
    setConfirming(false);
    setMessage(r.ok ? `This browser is now ${r.data.tillName}.` : r.error);
    if (r.ok) router.refresh();
  }
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Enrol this browser as ${tillName}`}
        className="rounded border border-slate-400 px-2 py-1 text-sm"
      >
        Enrol this browser
      </button>
      {confirming && (
        <StepUpPrompt
          label={`Enrol this browser as ${tillName}`}
          onConfirm={enrol}
          onCancel={() => setConfirming(false)}
        />
      )}
      <span role="status" className="text-sm">
        {message}
      </span>
    </div>
  );
}

/** Revoke one enrolled browser, once the supervisor confirmed it again. */
export function RevokeButton({ deviceId, label }: { deviceId: string; label: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  async function revoke(confirm: string) {
    const r = await revokeDeviceAction({ deviceId, confirm });
    if (!r.ok && r.fieldErrors?.confirm) return r.fieldErrors.confirm;
    setConfirming(false);
    setMessage(r.ok ? "Revoked." : r.error);
    if (r.ok) router.refresh();
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke ${label}`}
        className="rounded border border-danger px-2 py-1 text-sm text-danger"
      >
        Revoke
      </button>
      {confirming && (
        <StepUpPrompt
          label={`Revoke ${label}`}
          onConfirm={revoke}
          onCancel={() => setConfirming(false)}
        />
      )}
      <span role="status" className="text-sm">
        {message}
      </span>
    </span>
  );
}

/** Close one enrolled kiosk: its session ends and it tells customers it is closed. */
export function CloseKioskButton({ deviceId, label }: { deviceId: string; label: string }) {
  const [message, setMessage] = useState<string | null>(null);
  async function close() {
    const r = await closeKioskAction({ deviceId });
    setMessage(
      r.ok
        ? r.data.sessionsEnded > 0
          ? "Closed: the kiosk tells customers to pay at the counter."
          : "Closed already: nobody is signed in on it."
        : r.error,
    );
  }
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        onClick={close}
        aria-label={`Close ${label}`}
        className="rounded border border-slate-500 px-2 py-1 text-sm"
      >
        Close the kiosk
      </button>
      <span role="status" className="text-sm">
        {message}
      </span>
    </span>
  );
}
