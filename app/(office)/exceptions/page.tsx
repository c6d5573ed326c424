import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { exceptionsIn } from "@/lib/exceptions/read";
import { EXCEPTION_LABELS, type OwnerException, type PersonTotal } from "@/lib/exceptions/rules";
import { tradingHoursText } from "@/lib/exceptions/trading-hours";
import { approvalOf, kindsOf, whatOf, type Names } from "@/lib/exceptions/words";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { periodFromQuery, type PeriodQuery } from "@/lib/reports/period-query";
import { PeriodPicker } from "@/components/office/period-picker";
import { DataTable, EmptyRow, MoneyCell, TableHead, end } from "@/components/ui/table";

export const metadata: Metadata = { title: "Exceptions" };
export const dynamic = "force-dynamic";

function linkOf(x: OwnerException): string | null {
  if (x.saleId) return `/sales/${x.saleId}`;
  if (x.shiftId) return `/shifts/${x.shiftId}`;
  return null;
}

/** The exceptions per cashier, or per supervisor: a section of its own, under its heading. */
function Totals({
  title,
  totals,
  names,
}: {
  title: string;
  totals: readonly PersonTotal[];
  names: Names;
}) {
  const per = title.toLowerCase();
  return (
    <section aria-labelledby={`per-${per}`} className="flex flex-col gap-2">
      <h2 id={`per-${per}`} className="text-xl font-semibold">
        Per {per}
      </h2>
      <DataTable label={`Exceptions per ${per}`} stack>
        <TableHead columns={[title, end("Exceptions"), "Of which", end("Sales settled by hand")]} />
        <tbody>
          {totals.length === 0 && <EmptyRow span={4}>None.</EmptyRow>}
          {totals.map((t) => (
            <tr key={t.userId} className="border-b border-slate-200 align-top">
              <th scope="row" data-label={title} className="font-medium">
                {names.people.get(t.userId) ?? t.userId}
              </th>
              <td data-label="Exceptions" className="text-right">
                {t.total}
              </td>
              <td data-label="Of which">{kindsOf(t)}</td>
              <MoneyCell cents={t.saleCents} label="Sales settled by hand" />
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

/**
 * What the owner must see, from the audit events the signed record seals: overrides and their
 * approvals, drawers opened without a sale, meters reprinted again, cash-ups over or short,
 * sign-ins outside trading hours; and how many per cashier and per supervisor.
 */
export default async function ExceptionsPage({
  searchParams,
}: {
  searchParams: Promise<PeriodQuery>;
}) {
  await requirePageRole("supervisor");
  const { period, error } = periodFromQuery(await searchParams, "week");
  const report = await exceptionsIn(period);
  const { exceptions, names, rules } = report;
  return (
    <div className="report flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Exceptions: {period.label}</h1>
      <PeriodPicker period={period} error={error} />
      <p className="max-w-3xl text-slate-700">
        Every resolution, sale failed by hand, refund and forced shift close (each with the
        supervisor who confirmed it), drawers opened without a sale, a meter&apos;s slip reprinted
        more than once, cash over or short by more than {formatRand(rules.varianceAlertCents)}, and{" "}
        {rules.tradingHours
          ? `sign-ins outside trading hours (${tradingHoursText(rules.tradingHours)}).`
          : "sign-ins outside trading hours once KASSA_TRADING_HOURS sets them (not set: not checked)."}{" "}
        Read from the audit events the signed record seals.
      </p>
      <DataTable label="Exceptions" stack>
        <TableHead
          columns={["When", "Exception", "What", "Done by", "Approved", "Reason", "Record"]}
        />
        <tbody>
          {exceptions.length === 0 && <EmptyRow span={7}>No exceptions in this period.</EmptyRow>}
          {exceptions.map((x) => {
            const link = linkOf(x);
            return (
              <tr
                key={`${x.kind}-${x.eventId}`}
                data-kind={x.kind}
                className="border-b border-slate-200 align-top"
              >
                <td data-label="When" className="whitespace-nowrap">
                  {formatSaDateTime(x.at)}
                </td>
                <td data-label="Exception">{EXCEPTION_LABELS[x.kind]}</td>
                <td data-label="What">
                  {link ? (
                    <Link href={link} className="underline">
                      {whatOf(x, names)}
                    </Link>
                  ) : (
                    whatOf(x, names)
                  )}
                  {x.meter && <span className="block text-sm text-slate-600">Meter {x.meter}</span>}
                </td>
                <td data-label="Done by">{x.doneBy ? (names.people.get(x.doneBy) ?? "—") : "—"}</td>
                <td data-label="Approved">{approvalOf(x, names) ?? "—"}</td>
                <td data-label="Reason">{x.reason ?? "—"}</td>
                <td data-label="Record" className="whitespace-nowrap">
                  {x.seq ? `sealed #${x.seq}` : "not sealed yet"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <Totals title="Cashier" totals={report.cashiers} names={names} />
      <Totals title="Supervisor" totals={report.supervisors} names={names} />
    </div>
  );
}
