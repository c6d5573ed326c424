"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { saleByKeyAction } from "@/lib/actions/sale";
import type { SaleView } from "@/lib/sales/sale-view";
import type { SettledSale } from "@/components/card/card-payment";
import { useSaleKey } from "./use-sale-key";

/**
 * The life of one counter sale on a form: its key, what the journal answered, and where
 * the till goes next. Completed: the slip (printed fresh). Failed: the reason, and a new
 * key for the next attempt. Unknown: Retry under the same key. Card: the payment screen.
 */
export function useCounterSale(scope: string) {
  const router = useRouter();
  const { key, reopened, renew } = useSaleKey(scope);
  const [open, setOpen] = useState<SaleView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!reopened || !key) return;
    // A reload with a sale in flight must show that sale, not let it be sold again.
    void saleByKeyAction({ idempotencyKey: key }).then((r) => {
      if (!r.ok || !r.data) return;
      if (r.data.status === "unknown" || r.data.status === "pending") setOpen(r.data);
      else renew();
    });
    // Only once, for the key the form opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function settle(view: SaleView) {
    if (view.status === "completed") {
      renew();
      router.push(`/slips/${view.id}?fresh=1`);
      return;
    }
    if (view.status === "failed") {
      setOpen(null);
      setFailure(view.message ?? "The core service refused this sale.");
      renew();
      return;
    }
    setFailure(null);
    setOpen(view);
  }

  function cardSettled(s: SettledSale) {
    if (!open) return;
    if (s.status !== "unknown") return settle({ ...open, status: s.status, message: s.message ?? null, awaitingCard: false, retryable: false });
    // Unknown after the vend, or a payment never verified: only the journal knows which.
    void saleByKeyAction({ idempotencyKey: key }).then((r) => {
      settle(r.ok && r.data ? r.data : { ...open, status: "unknown", message: s.message ?? null, awaitingCard: false, retryable: false });
    });
  }

  function cardNotPaid(reason: string) {
    setOpen(null);
    setFailure(reason);
    renew();
  }

  return { key, open, failure, setFailure, settle, cardSettled, cardNotPaid };
}
