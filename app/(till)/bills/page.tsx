import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { POSTPAID_MUNICIPALITIES } from "@/lib/upstream/municipalities";
import { BILL_MUNICIPALITY_COOKIE } from "./schema";
import { PayForm } from "./pay-form";

export const metadata: Metadata = { title: "Bills" };

export default async function BillsPage() {
  const staff = await requirePageRole("cashier");
  if (!(await currentShift(staff.till.id))) {
    return (
      <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
        Open a shift before selling. <Link href="/till" className="underline">Go to the till</Link>
      </p>
    );
  }
  const remembered = (await cookies()).get(BILL_MUNICIPALITY_COOKIE)?.value ?? "";
  const initial = (POSTPAID_MUNICIPALITIES as readonly string[]).includes(remembered) ? remembered : "";
  return <PayForm initialMunicipality={initial} />;
}
