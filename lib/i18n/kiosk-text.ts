import "server-only";
import { createTranslator } from "use-intl/core";
import { KIOSK_MESSAGES, type KioskLocale, type KioskMessages } from "./kiosk-messages";

/**
 * The kiosk's strings for one language, formatted on the server with use-intl (ICU
 * messages), so the kiosk's browser loads no i18n code at all. A value only the browser
 * knows (the idle countdown) stays as a `{name}` slot that `fillSlot` fills.
 */
export type KioskText = KioskMessages;

export function kioskText(locale: KioskLocale): KioskText {
  const messages = KIOSK_MESSAGES[locale];
  const t = createTranslator({ locale, messages });
  const section = <S extends keyof KioskMessages>(
    name: S,
    values: Record<string, string> = {},
  ): KioskMessages[S] =>
    Object.fromEntries(
      Object.keys(messages[name]).map((key) => [
        key,
        t(`${name}.${key}` as Parameters<typeof t>[0], values),
      ]),
    ) as KioskMessages[S];
  return {
    start: section("start"),
    entry: section("entry"),
    keypad: section("keypad"),
    fines: section("fines"),
    problems: section("problems"),
    payment: section("payment"),
    receipt: section("receipt"),
    closed: section("closed"),
    idle: section("idle", { seconds: "{seconds}" }),
  };
}
