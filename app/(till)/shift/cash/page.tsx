import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { CashMovementForm } from "./cash-movement-form";

export const metadata: Metadata = { title: "Cash drop or pay-out" };
export const dynamic = "force-dynamic";

/** Taking cash out of the drawer during a shift, with a reason. */
export default async function CashMovementPage() {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Cash drop or pay-out</h1>
      {shift ? <CashMovementForm /> : <p>No shift is open at {staff.till.name}.</p>}
      <p className="flex gap-4">
        <Link href="/shift/x" className="inline-flex min-h-11 items-center underline">
          X report
        </Link>
        <Link href="/till" className="inline-flex min-h-11 items-center underline">
          Back to the till
        </Link>
      </p>
    </div>
  );
}
