import { formatRand } from "@/lib/money";
import type { ReportMeta } from "@/lib/reports/report-meta";
import type { ShiftReport } from "@/lib/reports/shift-report";
import { DENOMINATIONS } from "@/lib/reports/denominations";
import { formatSaDateTime } from "@/lib/reports/day";

import { KIND_LABELS } from "@/lib/kinds/meta";
import { CASH_MOVEMENT_LABELS, PAYMENT_METHOD_LABELS, labelOf } from "@/lib/sales/labels";
import { varianceText } from "./variance";
import { DataTable, EmptyRow, MoneyCell, TableHead, end } from "@/components/ui/table";

/** An X or Z report: sales by kind and method, expected cash, counted cash and variance. */
export function ShiftReportView({
  report,
  meta,
  footer,
}: {
  report: ShiftReport;
  meta: ReportMeta;
  /** What follows the figures (a Z report's record checkpoint). */
  footer?: React.ReactNode;
}) {
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex justify-between gap-4 border-b border-slate-200 py-1">
      <dt>{label}</dt>
      <dd data-testid={testId} className="font-mono">
        {value}
      </dd>
    </div>
  );
  return (
    <article
      aria-label={meta.title}
      className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-6 shadow print:shadow-none"
    >
      {meta.reprint && <p className="text-center text-xl font-bold">REPRINT</p>}
      <h1 className="text-2xl font-semibold">{meta.title}</h1>
      <p className="text-slate-700">
        {meta.tillName} · opened by {meta.openedBy} at {formatSaDateTime(meta.openedAt)}
        {meta.closedAt &&
          ` · closed by ${meta.closedBy ?? ""} at ${formatSaDateTime(meta.closedAt)}`}
      </p>
      <DataTable stack>
        <caption className="sr-only">Completed sales by kind and payment method</caption>
        <TableHead columns={["Kind", "Method", end("Sales"), end("Total")]} />
        <tbody>
          {report.lines.length === 0 && <EmptyRow span={4}>No completed sales.</EmptyRow>}
          {report.lines.map((line) => (
            <tr key={`${line.kind}-${line.method}`} className="border-b border-slate-200">
              <td data-label="Kind">{labelOf(KIND_LABELS, line.kind)}</td>
              <td data-label="Method">{labelOf(PAYMENT_METHOD_LABELS, line.method)}</td>
              <td data-label="Sales" className="text-right">
                {line.count}
              </td>
              <MoneyCell label="Total" cents={line.totalCents} />
            </tr>
          ))}
        </tbody>
      </DataTable>
      <dl>
        {row("Cash sales", formatRand(report.byMethod.cash), "cash-total")}
        {row("Card sales", formatRand(report.byMethod.card), "card-total")}
        {row(
          `Total (${report.completedCount} sales)`,
          formatRand(report.totalCents),
          "sales-total",
        )}
        {row("Opening float", formatRand(report.openingFloatCents))}
        {(report.cashMovements ?? []).map((m, i) => (
          <div
            key={`${m.at}-${i}`}
            className="flex justify-between gap-4 border-b border-slate-200 py-1"
            data-testid="cash-movement"
          >
            <dt>
              {CASH_MOVEMENT_LABELS[m.kind]} at {formatSaDateTime(new Date(m.at))}: {m.reason}
            </dt>
            <dd className="font-mono whitespace-nowrap">{formatRand(-m.amountCents)}</dd>
          </div>
        ))}
        {!meta.blind && row("Expected cash", formatRand(report.expectedCashCents), "expected-cash")}
        {report.countedCashCents !== null &&
          row("Counted cash", formatRand(report.countedCashCents), "counted-cash")}
        {report.varianceCents !== null &&
          row("Variance", varianceText(report.varianceCents), "variance")}
      </dl>
      {report.openCount > 0 && (
        <p className="rounded bg-amber-100 p-2 text-amber-900">
          {report.openCount} sale(s) not confirmed: not in these totals; a supervisor resolves them.
        </p>
      )}
      {(report.owedCount ?? 0) > 0 && (
        <p className="rounded bg-amber-100 p-2 text-amber-900" data-testid="owed-to-customers">
          Paid, not delivered: {report.owedCount} card sale(s), {formatRand(report.owedCents ?? 0)}{" "}
          owed to customers (a supervisor delivers or refunds them).
        </p>
      )}
      {report.failedCount > 0 && (
        <p className="text-slate-600">{report.failedCount} failed sale(s), no money taken.</p>
      )}
      {meta.denominations && (
        <DataTable className="text-sm">
          <caption className="text-left font-semibold">Cash counted</caption>
          <tbody>
            {DENOMINATIONS.filter((d) => (meta.denominations?.[String(d.cents)] ?? 0) > 0).map(
              (d) => {
                const count = meta.denominations?.[String(d.cents)] ?? 0;
                return (
                  <tr key={d.cents}>
                    <td>{d.label}</td>
                    <td className="text-right">× {count}</td>
                    <td className="text-right font-mono">{formatRand(d.cents * count)}</td>
                  </tr>
                );
              },
            )}
          </tbody>
        </DataTable>
      )}
      {footer}
    </article>
  );
}
