import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { KioskPaymentReturn } from "../../kiosk-payment-return";

export const metadata: Metadata = { title: "Checking your payment" };

/**
 * Where the hosted checkout sends the kiosk's browser back to (done or cancelled). Which
 * of the two it was decides nothing: the page asks the core service for the order's
 * status and only a PAID answer sends the sale.
 */
export default async function KioskCardReturnPage({
  params,
}: {
  params: Promise<{ saleId: string; end: string }>;
}) {
  await requirePageRole("kiosk");
  const { saleId, end } = await params;
  if (!/^[0-9a-f-]{36}$/.test(saleId) || (end !== "done" && end !== "cancelled")) notFound();
  return <KioskPaymentReturn saleId={saleId} />;
}
