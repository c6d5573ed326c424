"use client";

import dynamic from "next/dynamic";
import type { SettledSale } from "@/lib/sales/card-outcome";
import type { CardPaymentProps } from "./card-payment-screen";

export type { SettledSale, CardPaymentProps };

/**
 * The counter's card payment screen, loaded only when a cashier chooses card: its QR code,
 * countdown and polling are not part of any till page's first load.
 */
export const CardPayment = dynamic<CardPaymentProps>(
  () => import("./card-payment-screen").then((m) => m.CardPaymentScreen),
  {
    ssr: false,
    loading: () => (
      <p role="status" aria-live="polite" className="rounded border border-slate-300 p-4">
        Opening the card payment…
      </p>
    ),
  },
);
