/** The small view of a sale that actions hand to the till's screens. Pure: client code imports the type. */
import type { PaymentMethod, SaleKind, SaleStatus } from "@/lib/db/schema";

export interface SaleView {
  id: string;
  kind: SaleKind;
  status: SaleStatus;
  method: PaymentMethod;
  amountCents: number;
  /** Meter number, account number, ... */
  reference: string;
  /** Cashier-safe reason when the sale failed or is not confirmed. */
  message: string | null;
  /** Recorded for card and waiting for the customer's card payment (nothing sent yet). */
  awaitingCard: boolean;
  /**
   * Unknown after it was sent upstream (electricity or bill): Retry under its own key is safe.
   * An unknown card sale that was never sent (payment not verified) is for a supervisor.
   */
  retryable: boolean;
}

/** What the till says about a sale whose outcome the core service did not confirm. */
export const NOT_CONFIRMED = "Not confirmed";
