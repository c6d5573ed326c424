import * as z from "zod/mini";
import { parseRandInput } from "@/lib/money";

/** A cash drop or pay-out, typed in rand with a reason: shared by the form and its action. */
export const cashMovementSchema = z.object({
  kind: z.enum(["drop", "payout"], { error: "Choose a cash drop or a pay-out." }),
  amount: z.string().check(
    z.trim(),
    z.minLength(1, "Enter the amount taken out of the drawer."),
    z.refine(
      (v) => (parseRandInput(v) ?? 0) > 0,
      "Enter an amount in rand above zero, for example 500 or 500.00.",
    ),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, "Say why the cash leaves the drawer."),
      z.maxLength(200, "Keep the reason under 200 characters."),
    ),
});
export type CashMovementInput = z.infer<typeof cashMovementSchema>;
