import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { rememberedChoice } from "@/lib/remembered-choice";
import { NoShiftNotice } from "@/components/shell/no-shift-notice";
import { MUNICIPALITY_COOKIE, PREPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { VendForm } from "./vend-form";

export const metadata: Metadata = { title: "Electricity" };

export default async function ElectricityPage() {
  const staff = await requirePageRole("cashier");
  if (!(await currentShift(staff))) return <NoShiftNotice />;
  // The last municipality used at this browser: most counters sell for one or two.
  const initial = await rememberedChoice(MUNICIPALITY_COOKIE, PREPAID_MUNICIPALITIES);
  return <VendForm initialMunicipality={initial} />;
}
