import { describe, expect, it } from "vitest";
import { KIOSK_LOCALES, kioskLocaleOf } from "@/lib/i18n/kiosk-messages";
import { kioskCheckProblem, kioskProblem } from "@/lib/i18n/kiosk-problems";
import { kioskText } from "@/lib/i18n/kiosk-text";
import { checkLookup } from "@/lib/kinds/fines/lookup-kind";
import { NOT_PAID_MESSAGES, notPaidReasonOf } from "@/lib/sales/card/outcome";

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

  it("says nothing of Afrikaans or isiZulu in English: no message is the English one copied", () => {
    for (const locale of ["af", "zu"] as const) {
      const text = kioskText(locale);
      for (const section of ["start", "entry", "fines", "problems", "payment", "receipt"] as const)
        for (const [key, value] of Object.entries(text[section]))
          expect(value, `${locale}.${section}.${key}`).not.toBe(
            (english[section] as Record<string, string>)[key],
          );
    }
  });

  it("turns a refusal's code into one of its own messages, and anything unforeseen into a call for staff", () => {
    expect(kioskProblem("rejected_9")).toBe("notFound");
    expect(kioskProblem("rejected_14")).toBe("notHere");
    expect(kioskProblem("fine_not_payable")).toBe("notHere");
    expect(kioskProblem("amount_changed")).toBe("changed");
    expect(kioskProblem("fine_unsettled")).toBe("unsettled");
    expect(kioskProblem("rate_limited")).toBe("tooMany");
    expect(kioskProblem("upstream_timeout")).toBe("unavailable");
    expect(kioskProblem("rejected_2")).toBe("unavailable");
    expect(kioskProblem("card_not_started")).toBe("cardNotStarted");
    expect(kioskProblem("server_error")).toBe("help");
    expect(kioskProblem("confirm_self")).toBe("help");
    expect(kioskProblem("upstream_malformed")).toBe("unavailable");
    expect(kioskProblem("rejected_7")).toBe("idCheckDigit");
    expect(kioskProblem("rejected_99")).toBe("help");
    expect(kioskProblem(undefined)).toBe("help");
  });

  it("says why a typed number was refused by the same check as the server's", () => {
    const why = (kind: "id" | "notice", value: string) => {
      const checked = checkLookup(kind, value);
      if (checked.ok) throw new Error(`${value} passed`);
      return kioskCheckProblem(kind, checked.reason);
    };
    expect(why("id", "800101500908")).toBe("idLength");
    expect(why("id", "9913015009082")).toBe("idDate");
    expect(why("id", "8001015009088")).toBe("idCheckDigit");
    expect(why("notice", "12345")).toBe("noticeLength");
    expect(checkLookup("id", "8707125800088").ok).toBe(true);
  });

  it("knows which not-paid reason a card sale's message gives", () => {
    expect(notPaidReasonOf(NOT_PAID_MESSAGES.declined)).toBe("declined");
    expect(notPaidReasonOf(NOT_PAID_MESSAGES.cancelled)).toBe("cancelled");
    expect(notPaidReasonOf("The card payment could not be started: no. Nothing was sold.")).toBe(
      null,
    );
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
