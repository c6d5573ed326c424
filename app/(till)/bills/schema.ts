// zod/mini, not full zod: the till's form imports this file, and full zod costs the page about 14 KiB gzip more.
import * as z from "zod/mini";
import { checkBillAmount } from "@/lib/kinds/bill/amount-rules";
import { POSTPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { compactNumber } from "@/lib/typed-number";

/**
 * The bills forms' fields, shared by the till's form and the server actions. No server
 * imports. The account number is read as typed ("5000 123 456") and kept without its spaces.
 */
export const accountNumberField = z
  .string()
  .check(
    z.overwrite(compactNumber),
    z.minLength(1, "Enter the account number."),
    z.regex(/^\d+$/, "An account number has digits only."),
    z.minLength(4, "An account number has at least 4 digits."),
    z.maxLength(20, "An account number has at most 20 digits."),
  );

export const postpaidMunicipalityField = z.enum(POSTPAID_MUNICIPALITIES, {
  error: "Choose the municipality.",
});

export const confirmAccountSchema = z.object({
  accountNumber: accountNumberField,
  municipality: postpaidMunicipalityField,
});

/** The till's first step (number and municipality), as its form names the fields. */
export const accountReferenceSchema = z.object({
  number: accountNumberField,
  municipality: postpaidMunicipalityField,
});

export const payBillSchema = z.extend(confirmAccountSchema, {
  amount: z.string().check(
    z.superRefine((v, ctx) => {
      const check = checkBillAmount(v);
      if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
    }),
  ),
  method: z.enum(["cash", "card"], { error: "Choose cash or card." }),
  idempotencyKey: z.uuid("The form has expired. Reload the page."),
  /** The cashier answered "Sell again?" with yes (the duplicate-sale guard). */
  sellAgain: z.optional(z.boolean()),
});

/** The till's second step: amount and method (the account comes from the first). */
export const billPaymentSchema = z.pick(payBillSchema, { amount: true, method: true });

export interface AccountView {
  accountNumber: string;
  municipality: (typeof POSTPAID_MUNICIPALITIES)[number];
  name: string;
  address: string | null;
  amountDueCents: number | null;
  dueDate: string | null;
  /** The account's range from confirm: the form checks the amount before anything is sent. */
  minCents: number | null;
  maxCents: number | null;
}
