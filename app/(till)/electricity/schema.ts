// zod/mini, not full zod: the till's form imports this file, and full zod costs the page about 14 KiB gzip more.
import * as z from "zod/mini";
import type { MeterHints } from "@/lib/kinds/electricity/confirm-notices";
import { parseRandInput } from "@/lib/money";
import { PREPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { METER_MISTYPED_MESSAGE, meterLooksMistyped } from "@/lib/kinds/electricity/meter-number";
import { compactNumber } from "@/lib/typed-number";

/**
 * The electricity forms' fields, shared by the till's form and the server actions. No server
 * imports. The meter number is read as typed ("0110 0000 007") and kept without its spaces.
 */
export const meterNumberField = z.string().check(
  z.overwrite(compactNumber),
  z.minLength(1, "Enter the meter number."),
  z.regex(/^\d+$/, "A meter number has digits only."),
  z.minLength(6, "A meter number has at least 6 digits."),
  z.maxLength(20, "A meter number has at most 20 digits."),
  z.refine((v) => !meterLooksMistyped(v), METER_MISTYPED_MESSAGE),
);

export const prepaidMunicipalityField = z.enum(PREPAID_MUNICIPALITIES, {
  error: "Choose the municipality.",
});

export const confirmMeterSchema = z.object({
  meterNumber: meterNumberField,
  municipality: prepaidMunicipalityField,
});
export type ConfirmMeterInput = z.infer<typeof confirmMeterSchema>;

/** The till's first step (number and municipality), as its form names the fields. */
export const meterReferenceSchema = z.object({
  number: meterNumberField,
  municipality: prepaidMunicipalityField,
});

export const purchaseElectricitySchema = z.extend(confirmMeterSchema, {
  amount: z.string().check(
    z.trim(),
    z.minLength(1, "Enter the amount in rand."),
    z.refine(
      (v) => parseRandInput(v) !== null,
      "Enter an amount in rand, for example 100 or 100.50.",
    ),
  ),
  method: z.enum(["cash", "card"], { error: "Choose cash or card." }),
  /** Made when the form opened: the same key never sells twice. */
  idempotencyKey: z.uuid("The form has expired. Reload the page."),
  /** The cashier answered "Sell again?" with yes (the duplicate-sale guard). */
  sellAgain: z.optional(z.boolean()),
});

/** The till's second step: amount and method (the meter comes from the first). */
export const electricityPaymentSchema = z.pick(purchaseElectricitySchema, {
  amount: true,
  method: true,
});

/** What the till shows after Confirm meter: enough for the cashier, nothing more. */
export interface MeterView {
  meterNumber: string;
  municipality: (typeof PREPAID_MUNICIPALITIES)[number];
  customerName: string;
  minCents: number | null;
  maxCents: number | null;
  sgc: number | null;
  krn: number | null;
  ti: number | null;
  /** Arrears, fixed charges and free basic electricity, said before Purchase. */
  hints: MeterHints;
}
