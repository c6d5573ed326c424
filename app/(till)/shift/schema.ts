import { z } from "zod";
import { parseRandInput } from "@/lib/money";
import { DENOMINATIONS } from "@/lib/reports/denominations";

/** Opening a shift: the float in the drawer, typed in rand. */
export const openShiftSchema = z.object({
  openingFloat: z
    .string()
    .trim()
    .min(1, "Enter the opening float (0 if the drawer is empty).")
    .refine((v) => parseRandInput(v) !== null, "Enter an amount in rand, for example 500 or 500.00."),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

const COUNT_KEYS = DENOMINATIONS.map((d) => String(d.cents)) as [string, ...string[]];

/** Closing a shift: how many of each note and coin are in the drawer (blank means none). */
export const closeShiftSchema = z.object({
  counts: z.record(
    z.enum(COUNT_KEYS),
    z
      .string()
      .trim()
      .regex(/^\d{0,5}$/, "Enter how many, as a whole number.")
      .transform((v) => (v === "" ? 0 : Number(v))),
  ),
});
export type CloseShiftInput = z.input<typeof closeShiftSchema>;
