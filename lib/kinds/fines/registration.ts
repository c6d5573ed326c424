/**
 * Business (CIPC) registration numbers: YYYY/NNNNNN/NN — the year of registration, a
 * six-digit sequence and a two-digit entity type (07 private company, 06 public, ...).
 */
export type RegistrationCheck =
  | { ok: true; registrationNumber: string }
  | { ok: false; message: string; reason: "empty" | "format" | "year" };

/** Spaces are dropped and dashes or dots read as the slashes people mean. */
export function normaliseRegistrationNumber(text: string): string {
  return text.replace(/\s/g, "").replace(/[-.\\]/g, "/");
}

export function checkRegistrationNumber(text: string, today: Date = new Date()): RegistrationCheck {
  const registrationNumber = normaliseRegistrationNumber(text);
  if (registrationNumber === "")
    return {
      ok: false,
      message: "Enter the registration number, for example 2015/123456/07.",
      reason: "empty",
    };
  const match = /^(\d{4})\/\d{6}\/\d{2}$/.exec(registrationNumber);
  if (!match)
    return {
      ok: false,
      message: "A registration number reads YYYY/NNNNNN/NN, for example 2015/123456/07.",
      reason: "format",
    };
  const year = Number(match[1]);
  // Companies registers go back to the 1800s; a year after this one is a typing error.
  if (year < 1800 || year > today.getUTCFullYear())
    return {
      ok: false,
      message: `A registration number starts with the year of registration; ${year} is not possible.`,
      reason: "year",
    };
  return { ok: true, registrationNumber };
}
