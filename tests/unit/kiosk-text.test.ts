import { describe, expect, it } from "vitest";
import { KIOSK_LOCALES, kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskText } from "@/lib/i18n/kiosk-text";

describe("the kiosk's words", () => {
  const english = kioskText("en");

  it("has every English string in Afrikaans and isiZulu, translated", () => {
    for (const locale of KIOSK_LOCALES) {
      const text = kioskText(locale);
      for (const section of Object.keys(english) as (keyof typeof english)[]) {
        expect(Object.keys(text[section]).sort(), `${locale}.${section}`).toEqual(
          Object.keys(english[section]).sort(),
        );
        for (const value of Object.values(text[section]))
          expect(value.trim().length, `${locale}.${section}`).toBeGreaterThan(0);
      }
    }
    expect(kioskText("af").start.title).toBe("Betaal jou verkeersboetes");
    expect(kioskText("zu").fines.pay).toBe("Khokha ngekhadi");
  });

  it("leaves the countdown's slot for the browser to fill", () => {
    for (const locale of KIOSK_LOCALES)
      expect(kioskText(locale).idle.clearsIn).toContain("{seconds}");
  });

  it("falls back to English for a language it does not have", () => {
    expect(kioskLocaleOf("af")).toBe("af");
    expect(kioskLocaleOf("fr")).toBe("en");
    expect(kioskLocaleOf(undefined)).toBe("en");
  });
});
