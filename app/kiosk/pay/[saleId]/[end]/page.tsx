import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireKioskPage } from "@/lib/auth/staff";
import { env } from "@/lib/env";
import { kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";
import { KioskPaymentReturn } from "../../kiosk-payment-return";

type Props = {
  params: Promise<{ saleId: string; end: string }>;
  searchParams: Promise<{ lang?: string }>;
};

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: kioskText(kioskLocaleOf((await searchParams).lang)).payment.title };
}

/**
 * Where the hosted checkout sends the kiosk's browser back to (done or cancelled), in the
 * language the customer paid in (?lang=, carried by the order's return address). Which of
 * the two it was decides nothing: the page asks the core service for the order's status and
 * only a PAID answer sends the sale.
 */
export default async function KioskCardReturnPage({ params, searchParams }: Props) {
  await requireKioskPage();
  const { saleId, end } = await params;
  if (!/^[0-9a-f-]{36}$/.test(saleId) || (end !== "done" && end !== "cancelled")) notFound();
  const locale = kioskLocaleOf((await searchParams).lang);
  return (
    <div lang={locale === "en" ? "en-ZA" : locale}>
      <KioskPaymentReturn
        saleId={saleId}
        locale={locale}
        text={kioskText(locale).payment}
        idleMs={env().kioskIdleMs}
      />
    </div>
  );
}
