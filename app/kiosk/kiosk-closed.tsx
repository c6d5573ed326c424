import Link from "next/link";
import { KIOSK_LOCALES } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";

/**
 * What a kiosk shows while closed (a supervisor closed it from Tills): the customer reads it
 * in every language the kiosk speaks and is sent to the counter. Staff open it again with the
 * small sign-in link; the customer never lands on the sign-in by touching the screen.
 */
export function KioskClosed() {
  return (
    <div className="mx-auto flex max-w-3xl flex-1 flex-col items-center justify-center gap-10 text-center">
      {KIOSK_LOCALES.map((locale) => {
        const { title, text } = kioskText(locale).closed;
        return (
          <section
            key={locale}
            lang={locale === "en" ? "en-ZA" : locale}
            aria-labelledby={`closed-${locale}`}
            className="flex flex-col gap-2"
          >
            <h1 id={`closed-${locale}`} className="text-4xl font-bold">
              {title}
            </h1>
            <p className="text-2xl text-slate-200">{text}</p>
          </section>
        );
      })}
      <Link
        href="/login"
        className="inline-flex min-h-11 items-center text-base text-slate-300 underline"
      >
        {kioskText("en").closed.staff}
      </Link>
    </div>
  );
}
