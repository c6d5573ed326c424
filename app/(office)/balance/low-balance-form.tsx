"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { setLowBalanceAction } from "./actions";

/** The supervisor sets the balance below which cashiers and supervisors are warned. */
export function LowBalanceForm({ current }: { current: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const threshold = String(new FormData(event.currentTarget).get("threshold") ?? "");
    const result = await setLowBalanceAction({ threshold });
    if (!result.ok) {
      setSaved(null);
      setError(result.fieldErrors?.threshold ?? result.error);
      return;
    }
    setError(null);
    setSaved("Saved.");
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Warn when the balance is below (R)</span>
        <input
          name="threshold"
          defaultValue={current}
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby="threshold-error"
          className="rounded border border-slate-400 px-3 py-2"
        />
      </label>
      <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
        Save threshold
      </button>
      <p id="threshold-error" aria-live="polite" className="min-h-6 w-full text-danger">
        {error}
      </p>
      <p role="status" className="text-brand">
        {saved}
      </p>
    </form>
  );
}
