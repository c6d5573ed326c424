import type { Metadata } from "next";
import { serviceLabel, slotLabel } from "@/lib/office/service-labels";
import { requirePageRole } from "@/lib/auth/staff";
import { checkBalance, isUpstreamError, type MerchantBalance } from "@/lib/upstream";
import { formatRand } from "@/lib/money";
import { formatSaDateTime, saDayBounds, saToday } from "@/lib/reports/day";
import { rememberMerchantBalance } from "@/lib/office/balance-cache";
import { lowBalanceThreshold, runwayWarnHours } from "@/lib/office/settings";
import { keepReading } from "@/lib/runway/readings";
import { runwayNow } from "@/lib/runway/runway-now";
import { LowBalanceWarning } from "@/components/shell/low-balance-warning";
import { LowBalanceForm } from "./low-balance-form";
import { ReceiptsTable } from "./receipts-table";
import { RunwaySection } from "./runway-section";
import { receiptsPeriodSchema, untilSchema } from "./schema";
import { DataTable, MoneyCell, TableHead, end } from "@/components/ui/table";

export const metadata: Metadata = { title: "Balance" };

type Search = Promise<{ from?: string; to?: string; until?: string }>;

async function loadBalance(
  period: { from: Date; to: Date } | null,
): Promise<MerchantBalance | string> {
  try {
    return await checkBalance(period ? { withReceipts: period } : {});
  } catch (error) {
    if (isUpstreamError(error)) return error.cashierMessage;
    throw error;
  }
}

/** The moment the deposit must last until, from the query (South African time); none: the default. */
function untilOf(value: string | undefined, now = new Date()) {
  const until = untilSchema.safeParse(value || undefined);
  const untilAt = until.success && until.data ? new Date(`${until.data}:00+02:00`) : undefined;
  const wrong = !until.success || (untilAt !== undefined && untilAt <= now);
  return {
    untilAt: wrong ? undefined : untilAt,
    untilError: wrong ? "Choose a moment still to come." : null,
  };
}

export default async function BalancePage({ searchParams }: { searchParams: Search }) {
  await requirePageRole("supervisor");
  const query = await searchParams;
  const asked = query.from !== undefined || query.to !== undefined;
  const parsed = receiptsPeriodSchema.safeParse({ from: query.from ?? "", to: query.to ?? "" });
  const period =
    asked && parsed.success
      ? {
          from: saDayBounds(parsed.data.from).start,
          to: new Date(saDayBounds(parsed.data.to).end.getTime() - 1),
        }
      : null;
  const [balance, threshold, warn] = await Promise.all([
    loadBalance(period),
    lowBalanceThreshold(),
    runwayWarnHours(),
  ]);
  const { untilAt, untilError } = untilOf(query.until);
  let runway = null;
  if (typeof balance !== "string") {
    rememberMerchantBalance(balance.balanceCents);
    // Every look at the balance is also a reading for the float's history.
    await keepReading(balance.balanceCents, balance.at);
    runway = await runwayNow(balance.balanceCents, {
      until: untilAt,
      fresh: true,
    });
  }
  const today = saToday();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Merchant balance</h1>
      <LowBalanceWarning />
      {typeof balance === "string" ? (
        <p role="alert" className="rounded bg-red-100 p-3 text-danger">
          The core service did not give the balance: {balance}
        </p>
      ) : (
        <>
          <section aria-labelledby="credit" className="rounded-xl bg-white p-4 shadow">
            <h2 id="credit" className="text-lg font-semibold">
              Credit
            </h2>
            <p className="text-3xl font-bold" data-testid="merchant-balance">
              {formatRand(balance.balanceCents)}
            </p>
            <p className="text-slate-600">As at {formatSaDateTime(balance.at)}</p>
            <p>
              Payments: {balance.paymentCount ?? 0}, in total{" "}
              {formatRand(balance.paymentsTotalCents ?? 0)}; the last was{" "}
              {formatRand(balance.lastPaymentCents ?? 0)}.
            </p>
          </section>
          <section aria-labelledby="services" className="rounded-xl bg-white p-4 shadow">
            <h2 id="services" className="text-lg font-semibold">
              By service
            </h2>
            <DataTable label="Services">
              <TableHead columns={["Service", "Slot", end("Transactions"), end("Amount")]} />
              <tbody>
                {balance.services.map((s) => (
                  <tr key={`${s.service}-${s.slot}`} className="border-b border-slate-200">
                    <td>{serviceLabel(s.service)}</td>
                    <td>{slotLabel(s.slot)}</td>
                    <td className="text-right">{s.transactionCount ?? 0}</td>
                    <MoneyCell cents={s.balanceCents} />
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </section>
        </>
      )}
      {runway && typeof balance !== "string" && (
        <RunwaySection
          runway={runway}
          balanceCents={balance.balanceCents}
          warnSource={warn.source}
          untilError={untilError}
        />
      )}
      <section aria-labelledby="receipts" className="rounded-xl bg-white p-4 shadow">
        <h2 id="receipts" className="text-lg font-semibold">
          Receipts for a period
        </h2>
        <form method="get" className="flex flex-wrap items-end gap-3">
          {(["from", "to"] as const).map((name) => (
            <label key={name} className="flex flex-col gap-1">
              <span className="font-medium">{name === "from" ? "From" : "To"}</span>
              <input
                type="date"
                name={name}
                defaultValue={query[name] ?? today}
                className="rounded border border-slate-400 px-3 py-2"
              />
            </label>
          ))}
          <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
            Show receipts
          </button>
        </form>
        {asked && !parsed.success && (
          <p role="alert" className="text-danger">
            {parsed.error.issues[0]?.message}
          </p>
        )}
        {period && typeof balance !== "string" && <ReceiptsTable services={balance.services} />}
      </section>
      <section aria-labelledby="threshold" className="rounded-xl bg-white p-4 shadow">
        <h2 id="threshold" className="text-lg font-semibold">
          Low-balance warning
        </h2>
        <p className="text-slate-600">
          Now {formatRand(threshold.cents)} (
          {threshold.source === "setting" ? "set here" : "from KASSA_LOW_BALANCE_RANDS"}).
        </p>
        <LowBalanceForm current={(threshold.cents / 100).toFixed(2)} />
      </section>
    </div>
  );
}
