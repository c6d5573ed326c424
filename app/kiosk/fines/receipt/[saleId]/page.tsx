import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { KioskReceipt } from "./kiosk-receipt";

export const metadata: Metadata = { title: "Your receipt" };

/**
 * Where the kiosk's card payment ends: the registry's receipt numbers for each fine paid.
 * The page itself holds nothing: the receipt opens only through the one-time link the
 * payment's last check handed to this kiosk session (lib/security/kiosk-receipt.ts).
 */
export default async function KioskReceiptPage({
  params,
}: {
  params: Promise<{ saleId: string }>;
}) {
  const staff = await requirePageRole("kiosk");
  const { saleId } = await params;
  if (!/^[0-9a-f-]{36}$/.test(saleId)) notFound();
  return <KioskReceipt saleId={saleId} autoPrint={staff.till.autoPrint} />;
}
