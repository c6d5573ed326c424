import type { Metadata } from "next";
import { kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";
import { env } from "@/lib/env";
import { KioskFines } from "./kiosk-fines";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ lang?: string }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: kioskText(kioskLocaleOf((await searchParams).lang)).start.title };
}

/**
 * The kiosk's start screen and the whole look-up and choose flow (the layout checks the
 * kiosk role, or says the kiosk is closed), in the language the customer picked (?lang=af|zu,
 * English otherwise). The words are formatted here on the server; the browser gets strings, no
 * i18n code. The screen clears itself after KASSA_KIOSK_IDLE_SECONDS without a touch.
 */
export default async function KioskStart({ searchParams }: Props) {
  const locale = kioskLocaleOf((await searchParams).lang);
  return (
    <div lang={locale === "en" ? "en-ZA" : locale} className="flex min-h-0 flex-1 flex-col">
      <KioskFines locale={locale} text={kioskText(locale)} idleMs={env().kioskIdleMs} />
    </div>
  );
}
