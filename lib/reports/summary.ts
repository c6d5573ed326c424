/**
 * A period's completed sales summed every way the owner asks: totals, count, average sale,
 * commission, and per kind, method, till, cashier, hour of the day, day, product and
 * municipality. Pure: the office pages, the CSV, the e-mail and the tests share it.
 */
import type { PaymentMethod, SaleKind } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";
import { municipalityLabel } from "@/lib/municipalities";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { saHour, saYmd } from "./day";

export interface PeriodSale {
  kind: SaleKind;
  method: PaymentMethod;
  amountCents: Cents;
  commissionCents: Cents;
  createdAt: Date;
  tillName: string;
  cashier: string;
  municipality: string | null;
  /** The VAS product's name; null for other kinds. */
  productName: string | null;
}

export interface Group {
  key: string;
  label: string;
  count: number;
  totalCents: Cents;
  commissionCents: Cents;
}

export interface PeriodSummary {
  count: number;
  totalCents: Cents;
  /** Rounded to the cent; 0 without sales. */
  averageCents: Cents;
  commissionCents: Cents;
  byKind: Group[];
  byMethod: Group[];
  byTill: Group[];
  byCashier: Group[];
  /** 24 groups, 00 to 23, empty hours included. */
  byHour: Group[];
  /** One group per day of `days`, empty days included. */
  byDay: Group[];
  byProduct: Group[];
  byMunicipality: Group[];
}

const METHOD_LABELS: Record<PaymentMethod, string> = { cash: "Cash", card: "Card" };

/** What a sale was for, in the office's words: the VAS product, or the kind and its municipality. */
export function productOf(sale: Pick<PeriodSale, "kind" | "municipality" | "productName">): {
  key: string;
  label: string;
} {
  if (sale.productName) return { key: `vas:${sale.productName}`, label: sale.productName };
  const kind = KIND_LABELS[sale.kind];
  if (!sale.municipality) return { key: sale.kind, label: kind };
  return {
    key: `${sale.kind}:${sale.municipality}`,
    label: `${kind}, ${municipalityLabel(sale.municipality)}`,
  };
}

function add(groups: Map<string, Group>, key: string, label: string, sale: PeriodSale): void {
  const group = groups.get(key) ?? { key, label, count: 0, totalCents: 0, commissionCents: 0 };
  group.count += 1;
  group.totalCents += sale.amountCents;
  group.commissionCents += sale.commissionCents;
  groups.set(key, group);
}

function byTotal(groups: Map<string, Group>): Group[] {
  return [...groups.values()].sort(
    (a, b) => b.totalCents - a.totalCents || a.label.localeCompare(b.label),
  );
}

function empty(key: string, label: string): Group {
  return { key, label, count: 0, totalCents: 0, commissionCents: 0 };
}

export function summarise(sales: readonly PeriodSale[], days: readonly string[]): PeriodSummary {
  const kinds = new Map<string, Group>();
  const methods = new Map<string, Group>();
  const tills = new Map<string, Group>();
  const cashiers = new Map<string, Group>();
  const products = new Map<string, Group>();
  const municipalities = new Map<string, Group>();
  const hours = Array.from({ length: 24 }, (_, h) => {
    const label = String(h).padStart(2, "0");
    return empty(label, label);
  });
  const dayGroups = new Map(days.map((d) => [d, empty(d, d)]));
  let totalCents = 0;
  let commissionCents = 0;
  for (const sale of sales) {
    totalCents += sale.amountCents;
    commissionCents += sale.commissionCents;
    add(kinds, sale.kind, KIND_LABELS[sale.kind], sale);
    add(methods, sale.method, METHOD_LABELS[sale.method], sale);
    add(tills, sale.tillName, sale.tillName, sale);
    add(cashiers, sale.cashier, sale.cashier, sale);
    const product = productOf(sale);
    add(products, product.key, product.label, sale);
    if (sale.municipality)
      add(municipalities, sale.municipality, municipalityLabel(sale.municipality), sale);
    const hour = hours[saHour(sale.createdAt)]!;
    hour.count += 1;
    hour.totalCents += sale.amountCents;
    hour.commissionCents += sale.commissionCents;
    const day = dayGroups.get(saYmd(sale.createdAt));
    if (day) {
      day.count += 1;
      day.totalCents += sale.amountCents;
      day.commissionCents += sale.commissionCents;
    }
  }
  return {
    count: sales.length,
    totalCents,
    averageCents: sales.length ? Math.round(totalCents / sales.length) : 0,
    commissionCents,
    byKind: byTotal(kinds),
    byMethod: byTotal(methods),
    byTill: byTotal(tills),
    byCashier: byTotal(cashiers),
    byHour: hours,
    byDay: [...dayGroups.values()],
    byProduct: byTotal(products),
    byMunicipality: byTotal(municipalities),
  };
}

/** Change from the period before, in per cent rounded to one decimal; null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
