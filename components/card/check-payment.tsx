"use client";

import { lazy, Suspense } from "react";

// Card follow-up code loads only on a till page that lists a waiting card sale.
const CheckPaymentButton = lazy(() =>
  import("./check-payment-button").then((m) => ({ default: m.CheckPaymentButton })),
);

/** "Check payment" for a card sale whose payment screen was left (see till-card-notice.tsx). */
export function CheckPayment({ saleId }: { saleId: string }) {
  return (
    <Suspense fallback={null}>
      <CheckPaymentButton saleId={saleId} />
    </Suspense>
  );
}
