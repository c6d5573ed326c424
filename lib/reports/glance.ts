import type { SaleKind } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";
import { saHour } from "./day";

export interface GlanceSale {
  kind: SaleKind;
  amountCents: Cents;
  createdAt: Date;
}

export interface Bar {
  label: string;
  count: number;
  totalCents: Cents;
}

/** Completed sales of one day per South African hour (24 bars, empty hours included) and per kind. */
export function glance(sales: GlanceSale[]): { perHour: Bar[]; perKind: Bar[]; totalCents: Cents; count: number } {
  const perHour: Bar[] = Array.from({ length: 24 }, (_, h) => ({ label: String(h).padStart(2, "0"), count: 0, totalCents: 0 }));
  const kinds = new Map<SaleKind, Bar>();
  let totalCents = 0;
  for (const sale of sales) {
    const hour = perHour[saHour(sale.createdAt)]!;
    hour.count += 1;
    hour.totalCents += sale.amountCents;
    const bar = kinds.get(sale.kind) ?? { label: sale.kind, count: 0, totalCents: 0 };
    bar.count += 1;
    bar.totalCents += sale.amountCents;
    kinds.set(sale.kind, bar);
    totalCents += sale.amountCents;
  }
  return { perHour, perKind: [...kinds.values()].sort((a, b) => b.totalCents - a.totalCents), totalCents, count: sales.length };
}
