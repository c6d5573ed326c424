/**
 * A period report as CSV: one row per figure of each breakdown (kind, method, till, cashier,
 * hour, day, product, municipality), this period beside the one before. Pure.
 */
import { csvRands, toCsv } from "./csv";
import type { Group, PeriodSummary } from "./summary";

const BREAKDOWNS = [
  ["kind", "byKind"],
  ["method", "byMethod"],
  ["till", "byTill"],
  ["cashier", "byCashier"],
  ["hour", "byHour"],
  ["product", "byProduct"],
  ["municipality", "byMunicipality"],
] as const;

export function reportCsv(input: {
  label: string;
  beforeLabel: string;
  now: PeriodSummary;
  previous: PeriodSummary;
}): string {
  const rows: (string | number)[][] = [];
  const line = (breakdown: string, label: string, a: Group | undefined, b: Group | undefined) =>
    rows.push([
      breakdown,
      label,
      a?.count ?? 0,
      csvRands(a?.totalCents ?? 0),
      csvRands(a?.commissionCents ?? 0),
      b?.count ?? 0,
      csvRands(b?.totalCents ?? 0),
      csvRands(b?.commissionCents ?? 0),
    ]);
  const total = (s: PeriodSummary): Group => ({
    key: "total",
    label: "Total",
    count: s.count,
    totalCents: s.totalCents,
    commissionCents: s.commissionCents,
  });
  line("total", "Total", total(input.now), total(input.previous));
  for (const [name, field] of BREAKDOWNS) {
    const before = new Map(input.previous[field].map((g) => [g.key, g]));
    const keys = new Set(input.now[field].map((g) => g.key));
    for (const g of input.now[field]) line(name, g.label, g, before.get(g.key));
    for (const g of input.previous[field]) if (!keys.has(g.key)) line(name, g.label, undefined, g);
  }
  input.now.byDay.forEach((g, i) => line("day", g.label, g, input.previous.byDay[i]));
  return toCsv(
    [
      "breakdown",
      "item",
      `sales ${input.label}`,
      `amount ${input.label}`,
      `commission ${input.label}`,
      `sales ${input.beforeLabel}`,
      `amount ${input.beforeLabel}`,
      `commission ${input.beforeLabel}`,
    ],
    rows,
  );
}
