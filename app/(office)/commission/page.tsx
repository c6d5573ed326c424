import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { listRates } from "@/lib/commission/rates";
import { describeRate, rateStatus } from "@/lib/commission/rules";
import { statementCheck } from "@/lib/commission/statement";
import { db } from "@/lib/db";
import { SALE_KINDS } from "@/lib/db/schema";
import { formatRand } from "@/lib/money";
import { MUNICIPALITIES } from "@/lib/municipalities";
import { formatSaDateTime } from "@/lib/reports/day";
import { daysOf, saMonth } from "@/lib/reports/period";
import { periodFromQuery, periodSearch, type PeriodQuery } from "@/lib/reports/period-query";
import { periodSales } from "@/lib/reports/period-sales";
import { municipalityLabel } from "@/lib/municipalities";
import { summarise } from "@/lib/reports/summary";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { ActionForm, Field } from "@/components/office/action-form";
import { GroupTable } from "@/components/office/group-table";
import { PrintButton } from "@/components/reports/print-button";
import { PeriodPicker } from "@/components/office/period-picker";
import { EmptyRow, TableHead } from "@/components/ui/table";
import { addRateAction, statementAction, withdrawRateAction } from "./actions";

export const metadata: Metadata = { title: "Commission" };
export const dynamic = "force-dynamic";

const KIND_OPTIONS = SALE_KINDS.map((k) => [k, KIND_LABELS[k]] as const);
const ANY = ["", "Any"] as const;

/** What the shop earns: the rates (a supervisor adds them), the period's commission, the statement check. */
export default async function CommissionPage({
  searchParams,
}: {
  searchParams: Promise<PeriodQuery & { month?: string }>;
}) {
  await requirePageRole("supervisor");
  const query = await searchParams;
  const { period, error } = periodFromQuery(query, "month");
  const now = new Date();
  const [rates, sales] = await Promise.all([listRates(), periodSales(await db(), period)]);
  const report = summarise(sales, daysOf(period));
  const month = /^\d{4}-\d{2}$/.test(query.month ?? "") ? query.month! : saMonth(now);
  const check = await statementCheck(month);
  return (
    <div className="report flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Commission</h1>
      <p className="no-print">
        <PrintButton label="Print or save as PDF" />
      </p>
      <section
        aria-labelledby="earned"
        className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow"
      >
        <h2 id="earned" className="text-lg font-semibold">
          Earned in {period.label}
        </h2>
        <PeriodPicker period={period} error={error} />
        <p>
          <strong data-testid="commission-total">{formatRand(report.commissionCents)}</strong> on{" "}
          {report.count} completed sales of {formatRand(report.totalCents)}.{" "}
          <a className="no-print underline" href={`/reports/export?${periodSearch(period)}`}>
            Download CSV
          </a>
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <GroupTable title="Kind" groups={report.byKind} />
          <GroupTable title="Cashier" groups={report.byCashier} />
          <GroupTable title="Till" groups={report.byTill} />
          <GroupTable title="Municipality" groups={report.byMunicipality} />
        </div>
        <GroupTable title="Product" groups={report.byProduct} />
      </section>

      <section aria-labelledby="statement" className="rounded-xl bg-white p-4 shadow">
        <h2 id="statement" className="text-lg font-semibold">
          Statement check, {check.month}
        </h2>
        <p>
          Kassa: <strong data-testid="statement-kassa">{formatRand(check.kassaCents)}</strong> on{" "}
          {check.saleCount} sales. Provider&apos;s statement:{" "}
          <strong>
            {check.statedCents === null ? "not typed yet" : formatRand(check.statedCents)}
          </strong>
          {check.differenceCents !== null && (
            <>
              . Difference:{" "}
              <strong
                data-testid="statement-difference"
                className={check.differenceCents === 0 ? "text-brand" : "text-danger"}
              >
                {formatRand(check.differenceCents)}
              </strong>{" "}
              {check.differenceCents === 0
                ? "(they agree)"
                : check.differenceCents < 0
                  ? "(the provider paid less than Kassa expects)"
                  : "(the provider paid more than Kassa expects)"}
            </>
          )}
        </p>
        <ActionForm action={statementAction} submitLabel="Check the statement" done="Saved.">
          <Field name="month" label="Month" type="month" defaultValue={check.month} />
          <Field
            name="stated"
            label="Commission on the statement (R)"
            inputMode="decimal"
            defaultValue={check.statedCents === null ? "" : (check.statedCents / 100).toFixed(2)}
          />
        </ActionForm>
      </section>

      <section aria-labelledby="rates" className="rounded-xl bg-white p-4 shadow">
        <h2 id="rates" className="text-lg font-semibold">
          Rates
        </h2>
        <p className="text-slate-600">
          A rate applies to sales made from its moment on; the most specific rate that covers a sale
          wins (a product over a category, a category or a municipality over the whole kind). A rate
          is never changed: add a new one from a later moment.
        </p>
        <table className="w-full text-left" aria-label="Commission rates">
          <TableHead columns={["Kind", "Only for", "Rate", "From", "Status", "Withdraw"]} />
          <tbody>
            {rates.length === 0 && (
              <EmptyRow span={6}>No rate yet: every sale earns R 0,00 until one is added.</EmptyRow>
            )}
            {rates.map((rate) => {
              const status = rateStatus(rate, rates, now);
              return (
                <tr key={rate.id} className="border-b border-slate-200">
                  <td>{KIND_LABELS[rate.kind]}</td>
                  <td>
                    {[
                      rate.municipality && municipalityLabel(rate.municipality),
                      rate.category,
                      rate.productId,
                    ]
                      .filter(Boolean)
                      .join(", ") || "all"}
                  </td>
                  <td>{describeRate(rate)}</td>
                  <td>{formatSaDateTime(rate.effectiveFrom)}</td>
                  <td>{status}</td>
                  <td>
                    {status === "from later" && (
                      <ActionForm
                        action={withdrawRateAction}
                        submitLabel="Withdraw"
                        done="Withdrawn."
                      >
                        <input type="hidden" name="id" value={rate.id} />
                      </ActionForm>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <h3 className="mt-4 font-semibold">Add a rate</h3>
        <ActionForm action={addRateAction} submitLabel="Add rate" done="Rate added.">
          <Field name="kind" label="Kind" options={KIND_OPTIONS} />
          <Field
            name="municipality"
            label="Municipality"
            options={[ANY, ...MUNICIPALITIES.map((m) => [m, municipalityLabel(m)] as const)]}
          />
          <Field
            name="category"
            label="VAS category"
            options={[
              ANY,
              ["airtime", "Airtime"],
              ["data", "Data"],
              ["lotto", "Lotto"],
              ["voucher", "Voucher"],
            ]}
          />
          <Field name="productId" label="VAS product id" placeholder="any" />
          <Field name="percent" label="Percentage (%)" inputMode="decimal" placeholder="2.5" />
          <Field name="fixed" label="Fixed per sale (R)" inputMode="decimal" placeholder="0.00" />
          <Field name="effectiveFrom" label="From" type="datetime-local" hint="Empty: from now." />
        </ActionForm>
      </section>
    </div>
  );
}
