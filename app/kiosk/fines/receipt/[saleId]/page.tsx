import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireKioskPage } from "@/lib/auth/staff";
import { env } from "@/lib/env";
import { kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";
import { KioskReceipt } from "./kiosk-receipt";

type Props = { params: Promise<{ saleId: string }>; searchParams: Promise<{ lang?: string }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: kioskText(kioskLocaleOf((await searchParams).lang)).receipt.title };
}

/**
 * Where the kiosk's card payment ends: the registry's receipt numbers for each fine paid, in
 * the customer's language (?lang=). The page itself holds nothing: the receipt opens only
 * through the one-time link the payment's last check handed to this kiosk session
 * (lib/security/kiosk-receipt.ts).
 */
export default async function KioskReceiptPage({ params, searchParams }: Props) {
  const staff = await requireKioskPage();
  const { saleId } = await params;
  if (!/^[0-9a-f-]{36}$/.test(saleId)) notFound();
  const locale = kioskLocaleOf((await searchParams).lang);
  const text = kioskText(locale);
  return (
    <div lang={locale === "en" ? "en-ZA" : locale}>
      <KioskReceipt
        saleId={saleId}
        autoPrint={staff.till.autoPrint}
        text={text.receipt}
        idle={text.idle}
        idleMs={env().kioskIdleMs}
      />
    </div>
  );
}
