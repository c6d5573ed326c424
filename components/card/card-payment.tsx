"use client";

import { lazy, Suspense } from "react";
import type { CardPaymentProps } from "./card-payment-screen";

// React's own lazy, not next/dynamic: next/dynamic would add about 2 KiB gzip to every sale page.
const CardPaymentScreen = lazy(() =>
  import("./card-payment-screen").then((m) => ({ default: m.CardPaymentScreen })),
);

/**
 * The counter's card payment screen, loaded only when a cashier chooses card: its QR code,
 * countdown and polling are not part of any till page's first load.
 */
export function CardPayment(props: CardPaymentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" aria-live="polite" className="rounded border border-slate-300 p-4">
          Opening the card payment…
        </p>
      }
    >
      <CardPaymentScreen {...props} />
    </Suspense>
  );
}
