import type { Metadata } from "next";
import { kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";
import { KioskFines } from "./kiosk-fines";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ lang?: string }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: kioskText(kioskLocaleOf((await searchParams).lang)).start.title };
}

/**
 * The kiosk's start screen and the whole look-up and choose flow (the layout checks the
 * kiosk role), in the language the customer picked (?lang=af|zu, English otherwise). The
 * words are formatted here on the server; the browser gets strings, no i18n code.
 */
export default async function KioskStart({ searchParams }: Props) {
  const locale = kioskLocaleOf((await searchParams).lang);
  return (
    <div lang={locale === "en" ? "en-ZA" : locale}>
      <KioskFines locale={locale} text={kioskText(locale)} />
    </div>
  );
}
