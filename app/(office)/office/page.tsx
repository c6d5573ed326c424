import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { todayAtAGlance } from "@/lib/office/today";
import { formatRand } from "@/lib/money";
import { LowBalanceWarning } from "@/components/shell/low-balance-warning";
import { BarChart } from "@/components/reports/bar-chart";
import { Warning } from "@/components/ui/warning";

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
      {refused && <Warning>That page is for another role.</Warning>}
      <h1 className="text-2xl font-semibold">The day at a glance</h1>
      <p>
        Welcome, {staff.name}. {today.day}:{" "}
        <strong data-testid="today-total">{formatRand(today.totalCents)}</strong> in{" "}
        <span data-testid="today-count">{today.count}</span> completed sales.
      </p>
      <LowBalanceWarning />
      {/* Each unresolved sale in one of these, as the unresolved page lists it. */}
      <ToResolve count={today.unknownCount} testId="not-confirmed-count" todo="Resolve them">
        Not confirmed: {sales(today.unknownCount)}.
      </ToResolve>
      <ToResolve count={today.owedCount} testId="owed-to-customers" todo="Deliver or refund them">
        Paid, not delivered: {sales(today.owedCount, "card sale")}, {formatRand(today.owedCents)}{" "}
        owed to customers.
      </ToResolve>
      <ToResolve count={today.refundCount} testId="refunds-owed" todo="Refund them">
        To refund: {sales(today.refundCount, "card payment")} for sales that were not made.
      </ToResolve>
      <BarChart title="Sales per hour" bars={today.perHour} vertical />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart title="Sales by kind" bars={today.perKind} />
        <BarChart title="Sales per till" bars={today.perTill} />
        <BarChart title="Sales per cashier" bars={today.perCashier} />
      </div>
    </div>
  );
}

/** Sales left to resolve, while there are any, with the way to the page that resolves them. */
function ToResolve({
  count,
  testId,
  todo,
  children,
}: {
  count: number;
  testId: string;
  todo: string;
  children: React.ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Warning testId={testId}>
      {children}{" "}
      <Link href="/unresolved" className="underline">
        {todo}
      </Link>
    </Warning>
  );
}

/** "1 sale", "3 sales". */
function sales(count: number, noun = "sale"): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
