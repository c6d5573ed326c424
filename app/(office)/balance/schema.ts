import { z } from "zod";
import { parseRandInput } from "@/lib/money";
import { isSaDay } from "@/lib/reports/day";

/** The low-balance threshold, typed in rand. */
export const lowBalanceSchema = z.object({
  threshold: z
    .string()
    .trim()
    .min(1, "Enter an amount in rand (0 turns the warning off).")
    .refine(
      (v) => parseRandInput(v) !== null,
      "Enter an amount in rand, for example 1000 or 1000.00.",
    ),
});

const ymd = z.string().refine(isSaDay, "Choose a date.");

/** The receipts period, as South African dates from the page's query string. */
export const receiptsPeriodSchema = z.object({ from: ymd, to: ymd }).refine((p) => p.from <= p.to, {
  message: "The period must end on or after its first day.",
  path: ["to"],
});

export type LowBalanceInput = z.infer<typeof lowBalanceSchema>;

/** The runway warning, in hours (0 turns it off). */
export const runwayWarnSchema = z.object({
  hours: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d)?$/, "Hours, such as 12 or 4.5 (0 turns the warning off).")
    .refine((v) => Number(v) <= 336, "At most 336 hours (two weeks)."),
});

/** The moment the deposit must last until, a South African date and time from the page's query. */
export const untilSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose a date and time.")
  .optional();
