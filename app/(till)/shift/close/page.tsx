import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { CloseShiftForm } from "./close-shift-form";

export const metadata: Metadata = { title: "Close shift" };

export default async function CloseShiftPage() {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  if (!shift) {
    return (
      <p>
        You have no shift open at {staff.till.name}.{" "}
        <Link href="/till" className="inline-flex min-h-11 items-center underline">
          Back to the till
        </Link>
      </p>
    );
  }
  return <CloseShiftForm shiftId={shift.id} />;
}
