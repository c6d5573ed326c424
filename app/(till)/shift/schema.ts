import { z } from "zod";
import { parseRandInput } from "@/lib/money";

/** Opening a shift: the float in the drawer, typed in rand. */
export const openShiftSchema = z.object({
  openingFloat: z
    .string()
    .trim()
    .min(1, "Enter the opening float (0 if the drawer is empty).")
    .refine((v) => parseRandInput(v) !== null, "Enter an amount in rand, for example 500 or 500.00."),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;
