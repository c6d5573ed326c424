"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { checkCardSaleAction } from "@/lib/actions/card-payment";
import type { CardPaymentView } from "@/lib/sales/card/client";

function sentence(view: CardPaymentView): string {
  switch (view.state) {
    case "waiting":
      return "The customer has not paid yet.";
    case "sending":
      return "Paid. Completing the sale…";
    case "settled":
      return view.sale.status === "completed"
        ? "Paid. The sale is complete."
        : (view.sale.message ?? "Paid, but the sale did not complete.");
    case "not_paid":
    case "unverified":
      return view.reason;
  }
}

/** Settles a card sale whose payment screen was left: asks the core service once, on the server. */
export function CheckPaymentButton({
  saleId,
  onChecked,
}: {
  saleId: string;
  /** The journal may have changed: whoever lists the sale asks again. */
  onChecked?: () => void;
}) {
  const router = useRouter();
  const check = useMutation({
    mutationFn: () => checkCardSaleAction({ saleId }),
    onSuccess: (result) => {
      onChecked?.();
      if (result.ok && result.data.state === "settled" && result.data.sale.status === "completed")
        router.push(`/slips/${saleId}?fresh=1`);
      else router.refresh();
    },
  });
  const result = check.data;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={check.isPending}
        onClick={() => check.mutate()}
        className="min-h-11 rounded border border-slate-500 px-3 py-1 font-semibold disabled:opacity-50"
      >
        Check payment
      </button>
      <span role="status" aria-live="polite" className="text-sm">
        {check.isPending
          ? "Checking…"
          : result
            ? result.ok
              ? sentence(result.data)
              : result.error
            : ""}
      </span>
    </span>
  );
}
