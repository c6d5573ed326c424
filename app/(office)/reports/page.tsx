import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { formatRand } from "@/lib/money";
import { periodFromQuery, periodSearch, type PeriodQuery } from "@/lib/reports/period-query";
import { periodReport } from "@/lib/reports/period-report";
import { changePercent, type Group } from "@/lib/reports/summary";
import { ChartWithTable, type ChartRow } from "@/components/reports/chart-with-table";
import { PrintButton } from "@/components/reports/print-button";
import { GroupTable } from "@/components/office/group-table";
import { PeriodPicker } from "@/components/office/period-picker";

export const metadata: Metadata = { title: "Reports" };
export const dynamic = "force-dynamic";

/** This period's groups beside the same groups of the period before (matched by key). */
function compared(now: readonly Group[], before: readonly Group[]): ChartRow[] {
  const earlier = new Map(before.map((g) => [g.key, g.totalCents]));
  return now.map((g) => ({
    label: g.label,
    cents: g.totalCents,
    beforeCents: earlier.get(g.key) ?? 0,
  }));
}

function Change({ now, before, money = true }: { now: number; before: number; money?: boolean }) {
  const change = changePercent(now, before);
  return (
    <span className="text-sm text-slate-700">
      before: {money ? formatRand(before) : before}
      {change !== null && ` (${change > 0 ? "+" : ""}${change.toFixed(1).replace(".", ",")} %)`}
    </span>
  );
}

/** Sales of any period against the same length before it: totals, charts, breakdowns, CSV and print. */
export default async function ReportsPage({
  searchParams,
}: {
  searchParams: Promise<PeriodQuery>;
}) {
  await requirePageRole("supervisor");
  const { period, error } = periodFromQuery(await searchParams, "week");
  const { now, previous, before } = await periodReport(period);
  const figures = [
    {
      label: "Sales",
      value: formatRand(now.totalCents),
      now: now.totalCents,
      before: previous.totalCents,
      money: true,
      id: "report-total",
    },
    {
      label: "Completed sales",
      value: String(now.count),
      now: now.count,
      before: previous.count,
      money: false,
      id: "report-count",
    },
    {
      label: "Average sale",
      value: formatRand(now.averageCents),
      now: now.averageCents,
      before: previous.averageCents,
      money: true,
      id: "report-average",
    },
    {
      label: "Commission",
      value: formatRand(now.commissionCents),
      now: now.commissionCents,
      before: previous.commissionCents,
      money: true,
      id: "report-commission",
    },
  ];
  return (
    <div className="report flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Sales report: {period.label}</h1>
      <PeriodPicker period={period} error={error} />
      <p className="no-print flex flex-wrap gap-3">
        <a
          className="min-h-11 rounded-lg border border-brand px-4 py-2 font-semibold text-brand"
          href={`/reports/export?${periodSearch(period)}`}
        >
          Download CSV
        </a>
        <PrintButton label="Print or save as PDF" />
      </p>
      <p>Compared with {before.label}.</p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl bg-white p-4 shadow">
            <dt className="text-slate-700">{f.label}</dt>
            <dd className="text-2xl font-bold" data-testid={f.id}>
              {f.value}
            </dd>
            <dd>
              <Change now={f.now} before={f.before} money={f.money} />
            </dd>
          </div>
        ))}
      </dl>
      {now.byDay.length > 1 && (
        <ChartWithTable
          title="Sales per day"
          itemLabel="Day"
          kind="line"
          beforeLabel={before.label}
          rows={now.byDay.map((g, i) => ({
            label: g.label.slice(5),
            cents: g.totalCents,
            beforeCents: previous.byDay[i]?.totalCents ?? 0,
          }))}
        />
      )}
      <ChartWithTable
        title="Sales per hour of the day"
        itemLabel="Hour"
        beforeLabel={before.label}
        rows={compared(now.byHour, previous.byHour)}
      />
      <ChartWithTable
        title="Sales by kind"
        itemLabel="Kind"
        beforeLabel={before.label}
        rows={compared(now.byKind, previous.byKind)}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <GroupTable title="Kind" groups={now.byKind} />
        <GroupTable title="Method" groups={now.byMethod} />
        <GroupTable title="Till" groups={now.byTill} />
        <GroupTable title="Cashier" groups={now.byCashier} />
      </div>
      <GroupTable title="Hour" groups={now.byHour.filter((g) => g.count > 0)} />
    </div>
  );
}
