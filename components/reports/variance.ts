import { formatRand } from "@/lib/money";

/** Counted minus expected, in words a supervisor reads at a glance. */
export function varianceText(cents: number): string {
  if (cents === 0) return `${formatRand(0)} (balanced)`;
  return cents < 0 ? `${formatRand(cents)} (short)` : `${formatRand(cents)} (over)`;
}
