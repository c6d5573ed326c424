/**
 * Names in words for what the journal stores as codes: every screen and report says these,
 * never `electricity`, `bill`, `vas` or `cash`. Pure, so client and server share them.
 */
import type { CashMovementKind, PaymentMethod, SaleStatus } from "@/lib/db/schema";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: "Cash", card: "Card" };

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  pending: "In progress",
  completed: "Completed",
  failed: "Failed",
  unknown: "Not confirmed",
};

export const CASH_MOVEMENT_LABELS: Record<CashMovementKind, string> = {
  drop: "Cash drop",
  payout: "Pay-out",
};

/** A label for a code that may come from an older row or another system: words when known. */
export function labelOf<K extends string>(labels: Record<K, string>, code: string): string {
  return (
    (labels as Record<string, string>)[code] ??
    code.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase())
  );
}
