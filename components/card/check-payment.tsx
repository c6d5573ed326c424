"use client";

import { lazy, Suspense } from "react";

// Card follow-up code loads only on a till page that lists a waiting card sale.
const CheckPaymentButton = lazy(() =>
  import("./check-payment-button").then((m) => ({ default: m.CheckPaymentButton })),
);

/** "Check payment" for a card sale whose payment screen was left (the till's notices, History). */
export function CheckPayment({ saleId, onChecked }: { saleId: string; onChecked?: () => void }) {
  return (
    <Suspense fallback={null}>
      <CheckPaymentButton saleId={saleId} onChecked={onChecked} />
    </Suspense>
  );
}
