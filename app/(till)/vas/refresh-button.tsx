"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { refreshVasCatalogueAction } from "./actions";

/** Fetches the catalogue again from the core service, past the server's cache. */
export function RefreshCatalogueButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  async function refresh() {
    setBusy(true);
    const result = await refreshVasCatalogueAction({});
    setBusy(false);
    setNote(
      result.ok
        ? result.data.stale
          ? "Could not refresh; the last list is shown."
          : `${result.data.count} products.`
        : result.error,
    );
    await queryClient.invalidateQueries({ queryKey: ["vas-catalogue"] });
    router.refresh();
  }

  return (
    <span className="flex items-center gap-2">
      <span aria-live="polite" className="text-sm text-slate-600">
        {note}
      </span>
      <button
        type="button"
        onClick={refresh}
        disabled={busy}
        className="min-h-11 rounded border border-slate-400 bg-white px-3 py-1 disabled:opacity-60"
      >
        {busy ? "Refreshing…" : "Refresh"}
      </button>
    </span>
  );
}
