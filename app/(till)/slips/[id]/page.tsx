import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { findSale } from "@/lib/sales/journal";

export const metadata: Metadata = { title: "Slip" };

/**
 * The print page of a completed sale. Each kind of sale has its own slip component in
 * components/slip/; this page picks it. `?reprint=1` prints REPRINT and is audited.
 */
export default async function SlipPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageRole("cashier", "supervisor");
  const { id } = await params;
  const sale = /^[0-9a-f-]{36}$/.test(id) ? await findSale(id) : undefined;
  if (!sale || sale.status !== "completed") notFound();
  switch (sale.kind) {
    // electricity: built with the electricity flow
    // bill: built with the bills flow
    // fines: built with the traffic fines flow
    // vas: built with the VAS flow
    default:
      return <p>No slip is available for this sale yet.</p>;
  }
}
