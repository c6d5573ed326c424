import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { isUpstreamError } from "@/lib/upstream";
import { loadReconciliation, type Reconciliation } from "@/lib/office/reconciliation";
import {
  keptLedgerDays,
  ledgerFailureOf,
  ledgerOfDay,
  saYesterday,
  type LedgerFailure,
  type LedgerSource,
} from "@/lib/office/ledger-store";
import { isSaDay } from "@/lib/reports/day";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { labelOf, SALE_STATUS_LABELS } from "@/lib/sales/labels";
import { reconciliationDaySchema } from "./schema";
import { MATCH_LABELS, type MatchKind } from "@/lib/reports/reconcile";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { CheckStatusButton } from "./check-status-button";
import { CheckAnyOrder } from "./check-any-order";
import { DataTable, EmptyRow, MoneyCell, TableHead, end } from "@/components/ui/table";
import { QueryForm } from "@/components/forms/query-form";
import { TextField } from "@/components/forms/text-field";

export const metadata: Metadata = { title: "Reconciliation" };
export const dynamic = "force-dynamic";

const ORDER: MatchKind[] = [
  "given_up",
  "amount_differs",
  "ledger_only",
  "kassa_only",
  "status_differs",
  "paid_twice",
  "status_unknown",
  "not_a_payment",
  "matched",
];

type Loaded = { r: Reconciliation; source: LedgerSource; failure?: LedgerFailure };

async function load(day: string): Promise<Loaded | LedgerFailure> {
  try {
    const found = await ledgerOfDay(day);
    if (!found)
      return {
        message: `no ledger was kept for ${day}. Kassa keeps each day's ledger from the day after it; days before Kassa ran here cannot be shown.`,
      };
    return {
      r: await loadReconciliation(found.ledger),
      source: found.source,
      ...(found.failure ? { failure: found.failure } : {}),
    };
  } catch (error) {
    if (isUpstreamError(error)) return ledgerFailureOf(error);
    throw error;
  }
}

/** The core service's answer as it came, for a supervisor to pass on to its support. */
function RawAnswer({ raw }: { raw: NonNullable<LedgerFailure["raw"]> }) {
  return (
    <details className="rounded bg-slate-100 p-3">
      <summary className="cursor-pointer font-medium">
        The core service&apos;s answer as received (HTTP {raw.status ?? "none"})
      </summary>
      <pre data-testid="ledger-raw" className="mt-2 text-sm break-all whitespace-pre-wrap">
        {raw.body}
      </pre>
    </details>
  );
}

function DayPicker({ day, yesterday, kept }: { day: string; yesterday: string; kept: string[] }) {
  return (
    <QueryForm submit="Show this day">
      <TextField
        label="Business day"
        type="date"
        name="day"
        defaultValue={day}
        max={yesterday}
        list="kept-days"
        className="min-h-11 rounded border border-slate-400 px-2 py-2"
      />
      <datalist id="kept-days">
        {kept.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
    </QueryForm>
  );
}

export default async function ReconciliationPage({
  searchParams,
}: {
  searchParams: Promise<{ day?: string }>;
}) {
  await requirePageRole("supervisor");
  const yesterday = saYesterday();
  const asked = reconciliationDaySchema.parse(await searchParams).day;
  const day = asked && isSaDay(asked) && asked <= yesterday ? asked : yesterday;
  const [loaded, kept] = await Promise.all([load(day), keptLedgerDays()]);
  if (!("r" in loaded)) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Reconciliation for {day}</h1>
        <DayPicker day={day} yesterday={yesterday} kept={kept} />
        <p role="alert" data-testid="ledger-error" className="rounded bg-red-100 p-3 text-danger">
          The ledger cannot be shown: {loaded.message}
        </p>
        {loaded.raw && <RawAnswer raw={loaded.raw} />}
        <CheckAnyOrder />
      </div>
    );
  }
  const { r, source, failure } = loaded;
  const rows = [...r.rows].sort((a, b) => ORDER.indexOf(a.match) - ORDER.indexOf(b.match));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Reconciliation for {r.businessDate}</h1>
      <DayPicker day={day} yesterday={yesterday} kept={kept} />
      {failure && (
        <>
          <p role="alert" data-testid="ledger-error" className="rounded bg-red-100 p-3 text-danger">
            The core service&apos;s ledger could not be used just now: {failure.message} Shown below
            is the copy Kassa kept.
          </p>
          {failure.raw && <RawAnswer raw={failure.raw} />}
        </>
      )}
      <p className="text-slate-600" data-testid="ledger-source">
        {source.from === "kept"
          ? `Ledger as kept by Kassa on ${formatSaDateTime(source.fetchedAt)}. `
          : "Ledger fetched from the core service just now. "}
        The core service&apos;s ledger of card payments for the business day {r.businessDate}{" "}
        (Africa/Johannesburg) beside Kassa&apos;s own card orders of that day
        {r.generatedOn ? `; ledger made ${formatSaDateTime(r.generatedOn)}` : ""}.
      </p>
      <p
        data-testid="recon-verdict"
        className={r.summary.allMatched ? "font-semibold text-brand" : "font-semibold text-danger"}
      >
        {r.summary.allMatched
          ? `Every card order is matched (${r.summary.counts.matched}).`
          : "Some card payments do not match."}
      </p>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
        {(Object.keys(MATCH_LABELS) as MatchKind[]).map((k) => (
          <div key={k} className="rounded bg-white p-3 shadow">
            <dt className="text-sm text-slate-600">{MATCH_LABELS[k]}</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${k}`}>
              {r.summary.counts[k]}
            </dd>
          </div>
        ))}
        <div className="rounded bg-white p-3 shadow">
          <dt className="text-sm text-slate-600">Verification errors</dt>
          <dd className="text-2xl font-bold" data-testid="count-verification">
            {r.verificationErrors.length}
          </dd>
        </div>
      </dl>
      <p>
        Ledger total {formatRand(r.summary.ledgerTotalCents)}; Kassa&apos;s paid card orders{" "}
        {formatRand(r.summary.kassaPaidTotalCents)}.{" "}
        <a href={`/reconciliation/export?day=${day}`} className="underline" download>
          Export CSV
        </a>
      </p>
      {r.verificationErrors.length > 0 && (
        <section aria-labelledby="verr" className="rounded bg-red-50 p-3">
          <h2 id="verr" className="font-semibold text-danger">
            Verification errors
          </h2>
          <ul className="list-disc pl-6">
            {r.verificationErrors.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      <DataTable label="Card payments" stack>
        <TableHead
          columns={[
            "Result",
            "Order",
            "Kind",
            end("Ledger"),
            end("Kassa"),
            "Payment state",
            "Check",
          ]}
        />
        <tbody>
          {rows.length === 0 && <EmptyRow span={7}>No card payments on this day.</EmptyRow>}
          {rows.map((row) => (
            <tr
              key={`${row.match}-${row.orderId}`}
              data-match={row.match}
              className="border-b border-slate-200 align-top"
            >
              <td
                data-label="Result"
                className={row.match === "matched" ? "text-brand" : "font-semibold text-danger"}
              >
                {MATCH_LABELS[row.match]}
              </td>
              <td data-label="Order" className="id text-sm">
                {row.orderId}
              </td>
              <td data-label="Kind">{row.kind ? labelOf(KIND_LABELS, row.kind) : "—"}</td>
              <MoneyCell label="Ledger" cents={row.ledgerCents} />
              <MoneyCell label="Kassa" cents={row.kassaCents} />
              <td data-label="Payment state" className="text-sm">
                {[
                  row.gatewayStatus && `gateway ${row.gatewayStatus}`,
                  row.orderStatus && `order ${row.orderStatus}`,
                  row.saleStatus &&
                    `sale ${labelOf(SALE_STATUS_LABELS, row.saleStatus).toLowerCase()}`,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </td>
              <td>
                <CheckStatusButton orderId={row.orderId} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <CheckAnyOrder />
    </div>
  );
}
