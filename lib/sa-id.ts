/**
 * South African ID numbers: YYMMDD SSSS C A Z — 13 digits, a real date of birth, and a
 * Luhn check digit (Z). Pure: the counter, the kiosk and the server action share it, so
 * a mistyped number is caught before any call to the core service.
 */

/** Luhn (mod 10) over all digits, the last being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  // From the right: the check digit counts as is, every second digit before it is doubled.
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Spaces and dashes people type between groups of digits are not part of the number. */
export function normaliseIdNumber(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/**
 * The date of birth in an ID number, or null when YYMMDD is not a real date. The century
 * is the most recent one that does not put the birth in the future.
 */
export function idDateOfBirth(idNumber: string, today: Date = new Date()): Date | null {
  const yy = Number(idNumber.slice(0, 2));
  const month = Number(idNumber.slice(2, 4));
  const day = Number(idNumber.slice(4, 6));
  if (!/^\d{6}/.test(idNumber) || month < 1 || month > 12 || day < 1) return null;
  const thisYear = today.getUTCFullYear();
  let year = 2000 + yy;
  if (year > thisYear) year -= 100;
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day) return null;
  if (born.getTime() > today.getTime()) return null;
  return born;
}

/** Why a number is not an ID number, for screens that say it in another language (the kiosk). */
export type IdProblem = "empty" | "digits" | "length" | "date" | "check_digit";

export type IdCheck =
  | { ok: true; idNumber: string; dateOfBirth: Date }
  | { ok: false; message: string; reason: IdProblem };

/** The three checks of issue 6, each with a message a customer or cashier can act on. */
export function checkIdNumber(text: string, today: Date = new Date()): IdCheck {
  const idNumber = normaliseIdNumber(text);
  if (idNumber === "")
    return { ok: false, message: "Enter the 13-digit ID number.", reason: "empty" };
  if (!/^\d+$/.test(idNumber))
    return { ok: false, message: "An ID number has digits only.", reason: "digits" };
  if (idNumber.length !== 13)
    return {
      ok: false,
      message: `An ID number has 13 digits; this one has ${idNumber.length}.`,
      reason: "length",
    };
  const dateOfBirth = idDateOfBirth(idNumber, today);
  if (!dateOfBirth)
    return {
      ok: false,
      message:
        "The first six digits of an ID number are the date of birth (YYMMDD); this is not a real date.",
      reason: "date",
    };
  if (!luhnValid(idNumber))
    return {
      ok: false,
      message: "This ID number is mistyped: its last digit does not match. Check it and try again.",
      reason: "check_digit",
    };
  return { ok: true, idNumber, dateOfBirth };
}

/** "*********9087": enough to find a sale again with the customer, not their ID number or birth date. */
export function maskIdNumber(idNumber: string): string {
  const id = normaliseIdNumber(idNumber);
  return id.length <= 4 ? "*".repeat(id.length) : `${"*".repeat(id.length - 4)}${id.slice(-4)}`;
}
