import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { shiftSalesOf, tillSalesMatching } from "@/lib/sales/history";
import { TILL_REPRINT_DAYS } from "@/lib/security/ownership";
import { formatSaDateTime } from "@/lib/reports/day";
import { saleViewOf } from "@/lib/sales/counter-sale";
import { saTime } from "@/lib/sa-time";
import { RetryButton } from "./retry-button";
import { SalesTable } from "./sales-table";
import { CheckPayment } from "@/components/card/check-payment";
import { awaitsCardCheck } from "@/lib/sales/card";
import { sendsOfSales } from "@/lib/care/journal";
import type { Sale, TokenSend } from "@/lib/db/schema";
import { sendMessageFor } from "@/lib/care/message";
import { SendButton } from "@/components/care/send-button";
import { SendsList } from "@/components/care/sends-list";
import { RowKeys } from "./row-keys";
import { Warning } from "@/components/ui/warning";

/**
 * What a completed sale offers after the sale: "token not accepted" (electricity; R on its
 * row) and a send of its tokens, PIN or receipt to the customer, with the sends so far.
 */
function CareActions({ sale, sends }: { sale: Sale; sends: readonly TokenSend[] }) {
  if (sale.status !== "completed") return null;
  return (
    <div className="flex flex-col items-start gap-1">
      {sale.kind === "electricity" && (
        <Link
          href={`/care?sale=${sale.id}`}
          prefetch={false}
          data-care-link
          aria-keyshortcuts="R"
          className="inline-flex min-h-11 items-center underline"
        >
          Token not accepted <kbd className="ml-1 font-mono">R</kbd>
        </Link>
      )}
      {sendMessageFor(sale, "") && <SendButton saleId={sale.id} />}
      <SendsList sends={sends} />
    </div>
  );
}

export const metadata: Metadata = { title: "History" };

/**
 * The cashier's own sales of this shift: status, search by meter or account, reprint, resolve
 * unknown; a search also finds the till's earlier sales, a colleague's too, to reprint.
 */
export default async function HistoryPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  const q = ((await searchParams).q ?? "").slice(0, 30);
  if (!shift) {
    return (
      <Warning>
        No shift is open at this till.{" "}
        <Link href="/till" className="inline-flex min-h-11 items-center underline">
          Go to the till
        </Link>
      </Warning>
    );
  }
  const [rows, earlier] = await Promise.all([
    shiftSalesOf(staff.userId, shift.id, q),
    tillSalesMatching({ userId: staff.userId, tillId: staff.till.id }, q, shift.id),
  ]);
  const sends = await sendsOfSales([...rows, ...earlier].map((s) => s.id));
  return (
    <div className="flex flex-col gap-4">
      <RowKeys />
      <h1 className="text-2xl font-semibold">History of this shift</h1>
      <form role="search" className="flex items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Search by meter, account or mobile number</span>
          <input
            name="q"
            defaultValue={q}
            inputMode="numeric"
            autoFocus
            className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
          />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          Search
        </button>
      </form>
      {/^\d{11,13}$/.test(q) && (
        <Link
          href={`/care?meter=${q}`}
          prefetch={false}
          className="inline-flex min-h-11 items-center self-start underline"
        >
          Token not accepted for meter {q}: its story at every till
        </Link>
      )}
      {rows.length === 0 ? (
        <p>{q ? `No sale of this shift matches ${q}.` : "No sales yet in this shift."}</p>
      ) : (
        <SalesTable
          label="Sales of this shift"
          sales={rows}
          when={{ heading: "Time", format: saTime }}
          showMethod
          actions={(sale) => (
            <>
              <CareActions sale={sale} sends={sends.get(sale.id) ?? []} />
              {awaitsCardCheck(sale) && <CheckPayment saleId={sale.id} />}
              {sale.status === "unknown" &&
                !awaitsCardCheck(sale) &&
                (saleViewOf(sale).retryable ? (
                  <RetryButton sale={saleViewOf(sale)} />
                ) : (
                  <span className="text-sm">A supervisor resolves this sale.</span>
                ))}
            </>
          )}
        />
      )}
      {q && (
        <section aria-labelledby="earlier" className="flex flex-col gap-2">
          <h2 id="earlier" className="text-xl font-semibold">
            Earlier sales at {staff.till.name} (last {TILL_REPRINT_DAYS} days)
          </h2>
          {earlier.length === 0 ? (
            <p>No earlier sale at this till matches {q}.</p>
          ) : (
            <SalesTable
              label="Earlier sales at this till"
              sales={earlier}
              when={{ heading: "When", format: formatSaDateTime }}
              soldBy={(sale) => earlier.find((e) => e.id === sale.id)?.soldBy ?? ""}
              actions={(sale) => <CareActions sale={sale} sends={sends.get(sale.id) ?? []} />}
            />
          )}
        </section>
      )}
    </div>
  );
}
