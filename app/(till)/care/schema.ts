import { z } from "zod";
import { METER_CODE_IDS } from "@/lib/care/meter-codes";

const codes = z.object({
  sgc: z.number().int().nullable(),
  krn: z.number().int().nullable(),
  ti: z.number().int().nullable(),
});

/** What the cashier answers in the helper: the sale, what the meter shows, and two facts. */
export const careStepSchema = z.object({
  saleId: z.uuid("Not a sale id."),
  code: z.enum(METER_CODE_IDS, "Pick what the meter shows."),
  otherMeter: z.boolean().optional(),
  keyChangeEntered: z.boolean().optional(),
  confirmed: codes.nullish(),
});

export const careSaleSchema = z.object({ saleId: z.uuid("Not a sale id.") });
