import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { FinesForm } from "./fines-form";

export const metadata: Metadata = { title: "Traffic fines" };

/** Look up traffic fines, choose, validate, take cash or card, mark paid. */
export default async function FinesPage() {
  await requirePageRole("cashier");
  return <FinesForm />;
}
