import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { lastSlipAt } from "@/lib/sales/last-slip";

export const metadata: Metadata = { title: "Last slip" };
export const dynamic = "force-dynamic";

/** One key (F9) from any till screen: this cashier's last slip at this till, marked REPRINT and printed. */
export default async function LastSlipPage() {
  const staff = await requirePageRole("cashier");
  const id = await lastSlipAt(staff.till.id, staff.userId);
  if (id) redirect(`/slips/${id}?reprint=1&print=1`);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">No slip to reprint</h1>
      <p>No sale has completed at {staff.till.name} yet.</p>
      <Link href="/till" className="inline-flex min-h-11 items-center underline">
        Back to the till
      </Link>
    </div>
  );
}
