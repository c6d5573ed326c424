import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { rememberedChoice } from "@/lib/remembered-choice";
import { NoShiftNotice } from "@/components/shell/no-shift-notice";
import { BILL_MUNICIPALITY_COOKIE, POSTPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { PayForm } from "./pay-form";

export const metadata: Metadata = { title: "Bills" };

export default async function BillsPage() {
  const staff = await requirePageRole("cashier");
  if (!(await currentShift(staff))) return <NoShiftNotice />;
  const initial = await rememberedChoice(BILL_MUNICIPALITY_COOKIE, POSTPAID_MUNICIPALITIES);
  return <PayForm initialMunicipality={initial} />;
}
