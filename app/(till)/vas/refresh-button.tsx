"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { refreshVasCatalogueAction } from "./actions";

/** Fetches the catalogue again from the core service, past the server's cache. */
export function RefreshCatalogueButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshVasCatalogueAction({}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ["vas-catalogue"] });
      router.refresh();
    },
  });
  const result = refresh.data;

  return (
    <span className="flex items-center gap-2">
      <span aria-live="polite" className="text-sm text-slate-600">
        {refresh.isError && "Kassa could not be reached: press Refresh again."}
        {result &&
          (!result.ok
            ? result.error
            : result.data.stale
              ? "Could not refresh; the last list is shown."
              : `${result.data.count} products.`)}
      </span>
      <button
        type="button"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending}
        className="min-h-11 rounded border border-slate-400 bg-white px-3 py-1 disabled:opacity-60"
      >
        {refresh.isPending ? "Refreshing…" : "Refresh"}
      </button>
    </span>
  );
}
