/**
 * Infringement notice numbers: digits of a plausible length. The core service checks the
 * notice's own check digit (code 10) and whether it exists (codes 12, 13); Kassa only
 * stops what cannot be a notice number at all.
 */
export const NOTICE_MIN_DIGITS = 10;
export const NOTICE_MAX_DIGITS = 20;

export type NoticeCheck =
  | { ok: true; noticeNumber: string }
  | { ok: false; message: string; reason: "empty" | "digits" | "length" };

/** Notices are printed in groups ("02-4019-0005003-8"); the separators are not part of the number. */
export function normaliseNoticeNumber(text: string): string {
  return text.replace(/[\s\-/.]/g, "");
}

export function checkNoticeNumber(text: string): NoticeCheck {
  const noticeNumber = normaliseNoticeNumber(text);
  if (noticeNumber === "")
    return { ok: false, message: "Enter the notice number printed on the fine.", reason: "empty" };
  if (!/^\d+$/.test(noticeNumber))
    return { ok: false, message: "A notice number has digits only.", reason: "digits" };
  if (noticeNumber.length < NOTICE_MIN_DIGITS || noticeNumber.length > NOTICE_MAX_DIGITS) {
    return {
      ok: false,
      message: `A notice number has ${NOTICE_MIN_DIGITS} to ${NOTICE_MAX_DIGITS} digits; this one has ${noticeNumber.length}.`,
      reason: "length",
    };
  }
  return { ok: true, noticeNumber };
}
