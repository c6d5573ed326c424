"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { openShiftAction } from "./actions";

/** No sale without an open shift: the cashier counts the float and opens one. */
export function OpenShiftForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const openingFloat = String(new FormData(event.currentTarget).get("openingFloat") ?? "");
    const result = await openShiftAction({ openingFloat });
    setBusy(false);
    if (!result.ok) {
      setError(result.fieldErrors?.openingFloat ?? result.error);
      return;
    }
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3 rounded-xl bg-white p-6 shadow">
      <h1 className="text-2xl font-semibold">Open a shift</h1>
      <p className="text-slate-700">Count the cash in the drawer before the first sale.</p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Opening float (R)</span>
        <input
          name="openingFloat"
          inputMode="decimal"
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby="openingFloat-error"
          className="rounded border border-slate-400 px-3 py-2 text-lg"
        />
      </label>
      <p id="openingFloat-error" aria-live="polite" className="min-h-6 text-danger">
        {error}
      </p>
      <button type="submit" disabled={busy} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
        Open shift
      </button>
    </form>
  );
}
