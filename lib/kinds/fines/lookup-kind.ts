import { checkIdNumber } from "@/lib/sa-id";
import { checkNoticeNumber } from "@/lib/kinds/fines/notice";
import { checkRegistrationNumber } from "@/lib/kinds/fines/registration";

/** The three ways to look fines up, with the labels screens and tests use. */
export const LOOKUP_KINDS = ["id", "registration", "notice"] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const LOOKUP_LABELS: Record<LookupKind, string> = {
  id: "ID number",
  registration: "Registration number",
  notice: "Notice number",
};

export type LookupCheck =
  | { ok: true; value: string }
  | {
      ok: false;
      message: string;
      /** Why, as a code: the kiosk says it in the customer's language. */
      reason: "empty" | "digits" | "length" | "date" | "check_digit" | "format" | "year";
    };

/** The check made before any call, the same in the browser and in the server action. */
export function checkLookup(kind: LookupKind, text: string, today: Date = new Date()): LookupCheck {
  if (kind === "id") {
    const r = checkIdNumber(text, today);
    return r.ok ? { ok: true, value: r.idNumber } : r;
  }
  if (kind === "registration") {
    const r = checkRegistrationNumber(text, today);
    return r.ok ? { ok: true, value: r.registrationNumber } : r;
  }
  const r = checkNoticeNumber(text);
  return r.ok ? { ok: true, value: r.noticeNumber } : r;
}
