import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { requirePageRole } from "@/lib/auth/staff";
import { FinesForm } from "./fines-form";

export const metadata: Metadata = { title: "Traffic fines" };

/** Look up traffic fines, choose, validate, take cash or card, mark paid. */
export default async function FinesPage() {
  await requirePageRole("cashier");
  // The idempotency key is made when the form opens: a double click maps to one sale.
  return <FinesForm firstKey={randomUUID()} />;
}
