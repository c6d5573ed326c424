import type { SaleKind } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { saHour } from "./day";

export interface GlanceSale {
  kind: SaleKind;
  amountCents: Cents;
  createdAt: Date;
  /** The till's name and the cashier's name, for the split per till and per cashier. */
  tillName?: string;
  cashier?: string;
}

export interface Bar {
  label: string;
  count: number;
  totalCents: Cents;
  /** A stable code for tests and keys when the label is words (the sale kind). */
  key?: string;
}

function groupBy(
  sales: GlanceSale[],
  keyOf: (s: GlanceSale) => string | undefined,
  labelOf: (key: string) => string = (k) => k,
): Bar[] {
  const bars = new Map<string, Bar>();
  for (const sale of sales) {
    const key = keyOf(sale);
    if (key === undefined) continue;
    const bar = bars.get(key) ?? { key, label: labelOf(key), count: 0, totalCents: 0 };
    bar.count += 1;
    bar.totalCents += sale.amountCents;
    bars.set(key, bar);
  }
  return [...bars.values()].sort(
    (a, b) => b.totalCents - a.totalCents || a.label.localeCompare(b.label),
  );
}

/**
 * Completed sales of one day per South African hour (24 bars, empty hours included), per
 * kind (in words), per till and per cashier.
 */
export function glance(sales: GlanceSale[]): {
  perHour: Bar[];
  perKind: Bar[];
  perTill: Bar[];
  perCashier: Bar[];
  totalCents: Cents;
  count: number;
} {
  const perHour: Bar[] = Array.from({ length: 24 }, (_, h) => ({
    label: String(h).padStart(2, "0"),
    count: 0,
    totalCents: 0,
  }));
  let totalCents = 0;
  for (const sale of sales) {
    const hour = perHour[saHour(sale.createdAt)]!;
    hour.count += 1;
    hour.totalCents += sale.amountCents;
    totalCents += sale.amountCents;
  }
  return {
    perHour,
    perKind: groupBy(
      sales,
      (s) => s.kind,
      (k) => KIND_LABELS[k as SaleKind] ?? k,
    ),
    perTill: groupBy(sales, (s) => s.tillName),
    perCashier: groupBy(sales, (s) => s.cashier),
    totalCents,
    count: sales.length,
  };
}
