/**
 * What a sale request is for, as one string kept with its key (like Stripe's idempotency
 * fingerprints): the same key with a different fingerprint is refused, never answered with
 * the other sale. Pure. The parts are the ones the cashier chose: kind, payment method,
 * amount in cents, what it is for (meter, account, notices, product and recipient) and the
 * place (municipality) where there is one.
 */
import type { ActionCode } from "@/lib/errors";
import type { PaymentMethod, SaleKind } from "@/lib/db/schema";

export interface FingerprintParts {
  kind: SaleKind;
  method: PaymentMethod;
  amountCents: number;
  /** Meter, account, notice numbers sorted, "<product> <recipient>". */
  reference: string;
  /** Municipality (electricity, bill); empty where none. */
  place?: string;
}

export function fingerprintOf(parts: FingerprintParts): string {
  return [
    parts.kind,
    parts.method,
    String(parts.amountCents),
    parts.reference,
    parts.place ?? "",
  ].join("|");
}

/** The code of the journal's refusal of a key that already belongs to a different request. */
export const KEY_REUSED_CODE = "key_reused" satisfies ActionCode;

export const KEY_REUSED_MESSAGE =
  "This form's sale key was already used for a different sale (another meter, account, amount or payment). Nothing was sold. Start a new sale from a fresh page.";
