/**
 * South African mobile numbers as a cashier types them. Pure: the form checks with it
 * before any call, and the server action checks again.
 */

/** Mobile numbers start 06, 07 or 08 after the trunk 0 (or 6, 7, 8 after 27); landlines cannot take airtime. */
const LOCAL = /^0([6-8]\d{8})$/;
const INTERNATIONAL = /^\+?27([6-8]\d{8})$/;

export const MOBILE_NUMBER_MESSAGE =
  "Enter a South African mobile number: 10 digits starting with 0, or +27 and 9 digits.";

/**
 * "082 123 4567", "082-123-4567", "+27 82 123 4567" or "27821234567" → "27821234567", the
 * one form Kassa keeps and sends (international, no plus). Anything else → null.
 */
export function normaliseMobileNumber(typed: string): string | null {
  // Spaces, dashes, dots and brackets are how people group numbers; nothing else is dropped.
  const compact = typed.trim().replace(/[\s\-.()]/g, "");
  const match = LOCAL.exec(compact) ?? INTERNATIONAL.exec(compact);
  return match ? `27${match[1]}` : null;
}

/** "27821234567" → "082 123 4567", as the customer knows their number. */
export function formatMobileNumber(normal: string): string {
  const national = normal.startsWith("27") ? `0${normal.slice(2)}` : normal;
  return national.length === 10
    ? `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`
    : national;
}

/**
 * What a search for a typed number looks for among kept references, where a mobile number is
 * kept in its one form (27…): the digits as typed and, for a local mobile number (0 and 6, 7
 * or 8, however much of it), its international form too. "082 123 4567" → ["0821234567",
 * "27821234567"]; "+27 82 123" → ["2782123"]; "01100000007" → ["01100000007"].
 */
export function searchFormsOf(typed: string): string[] {
  const digits = typed.replace(/\D/g, "");
  if (digits === "") return [];
  return /^0[6-8]/.test(digits) ? [digits, `27${digits.slice(1)}`] : [digits];
}
