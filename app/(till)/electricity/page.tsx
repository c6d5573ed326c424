import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { PREPAID_MUNICIPALITIES } from "@/lib/upstream/municipalities";
import { MUNICIPALITY_COOKIE } from "./schema";
import { VendForm } from "./vend-form";

export const metadata: Metadata = { title: "Electricity" };

export default async function ElectricityPage() {
  const staff = await requirePageRole("cashier");
  if (!(await currentShift(staff.till.id))) {
    return (
      <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
        Open a shift before selling. <Link href="/till" className="underline">Go to the till</Link>
      </p>
    );
  }
  // The last municipality used at this browser: most counters sell for one or two.
  const remembered = (await cookies()).get(MUNICIPALITY_COOKIE)?.value ?? "";
  const initial = (PREPAID_MUNICIPALITIES as readonly string[]).includes(remembered) ? remembered : "";
  return <VendForm initialMunicipality={initial} />;
}
