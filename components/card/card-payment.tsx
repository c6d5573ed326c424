"use client";

import type { SaleKind, SaleStatus } from "@/lib/db/schema";

/** What a card payment ends with, for the flow that started it. */
export interface SettledSale {
  id: string;
  kind: SaleKind;
  status: SaleStatus;
  /** A cashier-safe message when the sale failed or is not confirmed. */
  message?: string;
}

export interface CardPaymentProps {
  /** The recorded sale (pending, method card) that this payment is for. */
  saleId: string;
  amountCents: number;
  /** PAID and the sale went ahead (completed, failed or unknown after the upstream call). */
  onSettled(sale: SettledSale): void;
  /** Declined, cancelled or not paid in time: nothing was sold; the cashier may retry or take cash. */
  onNotPaid(reason: string): void;
}

/**
 * The counter's card payment: a QR code and a short link of the hosted checkout for the
 * customer's phone, a countdown, Cancel, and polling of the verified payment status.
 * Built with the card-payment flow; until then card payments are refused plainly.
 */
export function CardPayment({ onNotPaid }: CardPaymentProps) {
  return (
    <div role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
      Card payments are not available yet in this version of Kassa.
      <button type="button" className="ml-3 underline" onClick={() => onNotPaid("Card payments are not available yet.")}>
        Back
      </button>
    </div>
  );
}
