import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { todayAtAGlance } from "@/lib/office/today";
import { formatRand } from "@/lib/money";
import { LowBalanceWarning } from "@/components/shell/low-balance-warning";
import { BarChart } from "@/components/reports/bar-chart";

export const metadata: Metadata = { title: "Back office" };
export const dynamic = "force-dynamic";

/** The day at a glance: today's completed sales (Africa/Johannesburg) per hour and per kind. */
export default async function OfficeHome({
  searchParams,
}: {
  searchParams: Promise<{ refused?: string }>;
}) {
  const staff = await requirePageRole("supervisor");
  const { refused } = await searchParams;
  const today = await todayAtAGlance();
  return (
    <div className="flex flex-col gap-4">
      {refused && (
        <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
          That page is for another role.
        </p>
      )}
      <h1 className="text-2xl font-semibold">The day at a glance</h1>
      <p>
        Welcome, {staff.name}. {today.day}:{" "}
        <strong data-testid="today-total">{formatRand(today.totalCents)}</strong> in{" "}
        <span data-testid="today-count">{today.count}</span> completed sales.
      </p>
      <LowBalanceWarning />
      {/* Each unresolved sale in one of these, as the unresolved page lists it. */}
      {today.unknownCount > 0 && (
        <p
          role="alert"
          data-testid="not-confirmed-count"
          className="rounded bg-amber-100 p-3 text-amber-900"
        >
          Not confirmed: {sales(today.unknownCount)}.{" "}
          <Link href="/unresolved" className="underline">
            Resolve them
          </Link>
        </p>
      )}
      {today.owedCount > 0 && (
        <p
          role="alert"
          data-testid="owed-to-customers"
          className="rounded bg-amber-100 p-3 text-amber-900"
        >
          Paid, not delivered: {sales(today.owedCount, "card sale")}, {formatRand(today.owedCents)}{" "}
          owed to customers.{" "}
          <Link href="/unresolved" className="underline">
            Deliver or refund them
          </Link>
        </p>
      )}
      {today.refundCount > 0 && (
        <p
          role="alert"
          data-testid="refunds-owed"
          className="rounded bg-amber-100 p-3 text-amber-900"
        >
          To refund: {sales(today.refundCount, "card payment")} for sales that were not made.{" "}
          <Link href="/unresolved" className="underline">
            Refund them
          </Link>
        </p>
      )}
      <BarChart title="Sales per hour" bars={today.perHour} vertical />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart title="Sales by kind" bars={today.perKind} />
        <BarChart title="Sales per till" bars={today.perTill} />
        <BarChart title="Sales per cashier" bars={today.perCashier} />
      </div>
    </div>
  );
}

/** "1 sale", "3 sales". */
function sales(count: number, noun = "sale"): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
