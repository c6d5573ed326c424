import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { isUpstreamError } from "@/lib/upstream";
import { loadReconciliation, type Reconciliation } from "@/lib/office/reconciliation";
import { MATCH_LABELS, type MatchKind } from "@/lib/reports/reconcile";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { CheckStatusButton } from "./check-status-button";
import { CheckAnyOrder } from "./check-any-order";

export const metadata: Metadata = { title: "Reconciliation" };
export const dynamic = "force-dynamic";

const ORDER: MatchKind[] = ["given_up", "amount_differs", "ledger_only", "kassa_only", "status_differs", "paid_twice", "status_unknown", "not_a_payment", "matched"];

async function load(): Promise<Reconciliation | string> {
  try {
    return await loadReconciliation();
  } catch (error) {
    if (isUpstreamError(error)) return error.cashierMessage;
    throw error;
  }
}

export default async function ReconciliationPage() {
  await requirePageRole("supervisor");
  const r = await load();
  if (typeof r === "string") {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Reconciliation</h1>
        <p role="alert" className="rounded bg-red-100 p-3 text-danger">The core service did not give the ledger: {r}</p>
        <CheckAnyOrder />
      </div>
    );
  }
  const rows = [...r.rows].sort((a, b) => ORDER.indexOf(a.match) - ORDER.indexOf(b.match));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Reconciliation for {r.businessDate}</h1>
      <p className="text-slate-600">
        The core service&apos;s ledger of card payments for the business day {r.businessDate} (Africa/Johannesburg) beside Kassa&apos;s own card
        orders of that day{r.generatedOn ? `; ledger made ${formatSaDateTime(r.generatedOn)}` : ""}.
      </p>
      <p data-testid="recon-verdict" className={r.summary.allMatched ? "font-semibold text-brand" : "font-semibold text-danger"}>
        {r.summary.allMatched ? `Every card order is matched (${r.summary.counts.matched}).` : "Some card payments do not match."}
      </p>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
        {(Object.keys(MATCH_LABELS) as MatchKind[]).map((k) => (
          <div key={k} className="rounded bg-white p-3 shadow">
            <dt className="text-sm text-slate-600">{MATCH_LABELS[k]}</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${k}`}>{r.summary.counts[k]}</dd>
          </div>
        ))}
        <div className="rounded bg-white p-3 shadow">
          <dt className="text-sm text-slate-600">Verification errors</dt>
          <dd className="text-2xl font-bold" data-testid="count-verification">{r.verificationErrors.length}</dd>
        </div>
      </dl>
      <p>
        Ledger total {formatRand(r.summary.ledgerTotalCents)}; Kassa&apos;s paid card orders {formatRand(r.summary.kassaPaidTotalCents)}.{" "}
        <a href="/reconciliation/export" className="underline" download>Export CSV</a>
      </p>
      {r.verificationErrors.length > 0 && (
        <section aria-labelledby="verr" className="rounded bg-red-50 p-3">
          <h2 id="verr" className="font-semibold text-danger">Verification errors</h2>
          <ul className="list-disc pl-6">
            {r.verificationErrors.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      <table className="w-full text-left" aria-label="Card payments">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col">Result</th>
            <th scope="col">Order</th>
            <th scope="col">Kind</th>
            <th scope="col" className="text-right">Ledger</th>
            <th scope="col" className="text-right">Kassa</th>
            <th scope="col">Statuses</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr><td colSpan={7} className="py-2 text-slate-600">No card payments on this day.</td></tr>
          )}
          {rows.map((row) => (
            <tr key={`${row.match}-${row.orderId}`} data-match={row.match} className="border-b border-slate-200 align-top">
              <td className={row.match === "matched" ? "text-brand" : "font-semibold text-danger"}>{MATCH_LABELS[row.match]}</td>
              <td className="font-mono text-sm">{row.orderId}</td>
              <td>{row.kind ?? "—"}</td>
              <td className="text-right font-mono">{row.ledgerCents === null ? "—" : formatRand(row.ledgerCents)}</td>
              <td className="text-right font-mono">{row.kassaCents === null ? "—" : formatRand(row.kassaCents)}</td>
              <td className="text-sm">
                {[row.gatewayStatus && `gateway ${row.gatewayStatus}`, row.orderStatus && `order ${row.orderStatus}`, row.saleStatus && `sale ${row.saleStatus}`]
                  .filter(Boolean)
                  .join(", ")}
              </td>
              <td><CheckStatusButton orderId={row.orderId} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <CheckAnyOrder />
    </div>
  );
}
