/**
 * How the amount paid for electricity was split, in rand lines that add up to it: the
 * electricity itself, each deduction (arrears, fixed charges, ...) and the VAT. The core
 * service's lines are without VAT; the electricity line is what is left, so the lines add
 * up to the amount paid even when the core service leaves the electricity line out.
 * Pure, for the slip and its unit tests.
 */
import type { Cents } from "@/lib/money";

export interface SplitLine {
  label: string;
  amountCents: Cents;
  kind: "electricity" | "deduction" | "vat";
}

export function amountSplit(input: {
  amountCents: Cents;
  vatCents: Cents;
  /** Deductions as the core service listed them (without VAT). */
  charges: readonly { description: string; amountCents: Cents }[];
}): SplitLine[] {
  const deductions = input.charges.filter((c) => c.amountCents !== 0);
  const deducted = deductions.reduce((sum, c) => sum + c.amountCents, 0);
  return [
    {
      label: "Electricity",
      amountCents: input.amountCents - input.vatCents - deducted,
      kind: "electricity",
    },
    ...deductions.map((c) => ({
      label: c.description,
      amountCents: c.amountCents,
      kind: "deduction" as const,
    })),
    { label: "VAT", amountCents: input.vatCents, kind: "vat" },
  ];
}
