import type { Cents } from "@/lib/money";

/** South African notes and coins a cashier counts at close, largest first, in cents. */
export const DENOMINATIONS = [
  { cents: 20_000, label: "R200" },
  { cents: 10_000, label: "R100" },
  { cents: 5_000, label: "R50" },
  { cents: 2_000, label: "R20" },
  { cents: 1_000, label: "R10" },
  { cents: 500, label: "R5" },
  { cents: 200, label: "R2" },
  { cents: 100, label: "R1" },
  { cents: 50, label: "50c" },
  { cents: 20, label: "20c" },
  { cents: 10, label: "10c" },
] as const;

/** Counts keyed by the denomination in cents, as stored on the shift: { "20000": 3, ... }. */
export type DenominationCounts = Record<string, number>;

/** The cash counted: the sum of count × value over every denomination. Unknown keys are refused. */
export function countedTotal(counts: DenominationCounts): Cents {
  let total = 0;
  for (const [key, count] of Object.entries(counts)) {
    const denomination = DENOMINATIONS.find((d) => String(d.cents) === key);
    if (!denomination) throw new RangeError(`not a denomination: ${key}`);
    if (!Number.isSafeInteger(count) || count < 0)
      throw new RangeError(`bad count for ${denomination.label}: ${count}`);
    total += denomination.cents * count;
  }
  return total;
}
