import type { Metadata } from "next";
import { booksOf } from "@/lib/accounting/entries";
import { MAPPING_KEYS, MAPPING_LABELS } from "@/lib/accounting/mapping";
import { accountMapping, isMappingSet } from "@/lib/accounting/mapping-store";
import { requirePageRole } from "@/lib/auth/staff";
import { formatRand } from "@/lib/money";
import { periodFromQuery, periodSearch, type PeriodQuery } from "@/lib/reports/period-query";
import { ActionForm, Field } from "@/components/office/action-form";
import { PeriodPicker } from "@/components/office/period-picker";
import { PrintButton } from "@/components/reports/print-button";
import { MoneyCell, TableHead, end } from "@/components/ui/table";
import { setAccountMappingAction } from "./actions";
import { Warning } from "@/components/ui/warning";

export const metadata: Metadata = { title: "Accounting export" };
export const dynamic = "force-dynamic";

/** A day's or a period's books for Sage or Xero, checked against the Z reports and the journal. */
export default async function AccountsPage({
  searchParams,
}: {
  searchParams: Promise<PeriodQuery>;
}) {
  await requirePageRole("supervisor");
  const { period, error } = periodFromQuery(await searchParams, "day");
  const [books, mapping, set] = await Promise.all([
    booksOf(period),
    accountMapping(),
    isMappingSet(),
  ]);
  const { check } = books;
  const query = periodSearch(period);
  return (
    <div className="report flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Accounting export: {period.label}</h1>
      <PeriodPicker period={period} error={error} />
      {!set && (
        <Warning>
          The account numbers below are Kassa&apos;s defaults: set your own once, before the first
          import.
        </Warning>
      )}
      <section aria-labelledby="check" className="rounded-xl bg-white p-4 shadow">
        <h2 id="check" className="text-lg font-semibold">
          The same figures three ways
        </h2>
        <ul>
          <li>
            Z reports closed in the period:{" "}
            <strong data-testid="books-z">{formatRand(check.zTotalCents)}</strong> (
            {books.zReports.length})
          </li>
          <li>
            Completed sales in Kassa&apos;s journal (those Z reports, plus sales no Z holds):{" "}
            <strong data-testid="books-journal">{formatRand(check.journalTotalCents)}</strong>
          </li>
          <li>
            Takings in the export:{" "}
            <strong data-testid="books-export">{formatRand(check.exportTakingsCents)}</strong>
          </li>
        </ul>
        <p className="text-slate-600">
          Sales of a shift still open are booked on the day its Z report closes.
        </p>
        <p data-testid="books-check" className={check.balanced ? "text-brand" : "text-danger"}>
          {check.balanced
            ? "They agree to the cent, and every journal balances."
            : "They do not agree: do not import this file; look at the shifts and unresolved sales of the period."}
        </p>
        <p className="no-print mt-2 flex flex-wrap gap-3">
          <a
            className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
            href={`/accounts/export?format=sage&${query}`}
          >
            Sage Accounting journal (CSV)
          </a>
          <a
            className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
            href={`/accounts/export?format=pastel&${query}`}
          >
            Sage Pastel journal batch (CSV)
          </a>
          <a
            className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
            href={`/accounts/export?format=xero&${query}`}
          >
            Xero manual journal (CSV)
          </a>
          <PrintButton label="Print or save as PDF" />
        </p>
      </section>
      {books.entries.map((entry) => (
        <table
          key={entry.reference}
          className="w-full text-left"
          aria-label={`Journal KASSA-${entry.reference}`}
        >
          <caption className="text-left font-semibold">
            KASSA-{entry.reference}, {entry.day}: {entry.description}
          </caption>
          <TableHead columns={["Account", "Name", end("Debit"), end("Credit")]} />
          <tbody>
            {entry.lines.map((l, i) => (
              <tr key={i} className="border-b border-slate-200">
                <td>{l.account}</td>
                <td>{l.accountName}</td>
                <MoneyCell cents={l.debitCents || null} />
                <MoneyCell cents={l.creditCents || null} />
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {books.entries.length === 0 && (
        <p>No Z report closed and no sale completed in this period.</p>
      )}
      <section aria-labelledby="mapping" className="no-print rounded-xl bg-white p-4 shadow">
        <h2 id="mapping" className="text-lg font-semibold">
          Your accounts
        </h2>
        <p className="text-slate-600">
          The account numbers of your chart of accounts in Sage, Pastel or Xero (the number, not the
          name).
        </p>
        <ActionForm
          action={setAccountMappingAction}
          submitLabel="Save accounts"
          done="Saved."
          className="grid gap-3 sm:grid-cols-2"
        >
          {MAPPING_KEYS.map((key) => (
            <Field key={key} name={key} label={MAPPING_LABELS[key]} defaultValue={mapping[key]} />
          ))}
        </ActionForm>
      </section>
    </div>
  );
}
