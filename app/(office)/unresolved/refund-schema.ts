// zod/mini: the supervisor's refund form imports this file, and so does its server action.
import * as z from "zod/mini";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";

/** Recording that a paid-not-delivered sale's customer was refunded outside Kassa. */
export const refundOutsideSchema = z.object({
  saleId: z.uuid("Not a sale id."),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, "Write how the customer was refunded (at least 10 characters)."),
      z.maxLength(500, "Keep the reason under 500 characters."),
    ),
  confirm: stepUpConfirm,
});
export type RefundOutsideInput = z.infer<typeof refundOutsideSchema>;
