import { z } from "zod/mini";
import { parseRandInput } from "@/lib/money";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";
import { DENOMINATIONS, type DenominationCounts } from "@/lib/reports/denominations";

/**
 * The shift forms' schemas, shared by the browser (react-hook-form, so zod/mini) and the
 * server actions (staffAction parses them again before anything runs).
 */

/** Opening a shift: the float in the drawer, typed in rand. */
export const openShiftSchema = z.object({
  openingFloat: z.string().check(
    z.trim(),
    z.minLength(1, "Enter the opening float (0 if the drawer is empty)."),
    z.refine(
      (v) => parseRandInput(v) !== null,
      "Enter an amount in rand, for example 500 or 500.00.",
    ),
  ),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

const COUNT_KEYS = DENOMINATIONS.map((d) => String(d.cents)) as [string, ...string[]];

/** How many of each note and coin are in the drawer (blank means none). */
const counts = z.partialRecord(
  z.enum(COUNT_KEYS),
  z.string().check(z.trim(), z.regex(/^\d{0,5}$/, "Enter how many, as a whole number.")),
);

/**
 * Closing one's own shift: the blind count, the expected cash shown only after it. The close
 * page sends the shift it showed (`shiftId`), so that a press repeated after a lost answer gets
 * that shift's Z report; without one, the shift open at this till is closed.
 */
export const closeShiftSchema = z.object({ shiftId: z.optional(z.uuid()), counts });
export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

/** A supervisor closes another cashier's shift (hand-over or forgotten): the count and why. */
export const forceCloseShiftSchema = z.object({
  shiftId: z.uuid("Choose a shift."),
  counts,
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(5, "Say why you close this shift (at least 5 characters)."),
      z.maxLength(300),
    ),
  confirm: stepUpConfirm,
});
export type ForceCloseShiftInput = z.infer<typeof forceCloseShiftSchema>;

/** The typed counts as numbers of notes and coins. */
export function countsOf(input: Partial<Record<string, string>>): DenominationCounts {
  const out: DenominationCounts = {};
  for (const [key, value] of Object.entries(input)) {
    const n = value ? Number(value.trim()) : 0;
    out[key] = Number.isInteger(n) && n >= 0 ? n : 0;
  }
  return out;
}
