import { z } from "zod";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";

const saleId = z.uuid("Not a sale id.");

export const saleRefSchema = z.object({ saleId });

/** Marking a sale resolved by hand: the supervisor's decision and why. */
export const resolveSaleSchema = z.object({
  saleId,
  outcome: z.enum(["completed", "failed"], "Choose what happened to the sale."),
  reason: z
    .string()
    .trim()
    .min(10, "Write the reason (at least 10 characters).")
    .max(500, "Keep the reason under 500 characters."),
  confirm: stepUpConfirm,
});

export type ResolveSaleInput = z.infer<typeof resolveSaleSchema>;
