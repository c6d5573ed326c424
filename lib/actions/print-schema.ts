import * as z from "zod/mini";

/** The till's print actions name only the sale; the server finds the printer and the slip. */
export const printSlipSchema = z.object({
  saleId: z.uuid("Not a sale id."),
  reprint: z.boolean(),
});

/** An X report ("current": the cashier's open shift) or a stored Z report. */
export const printReportSchema = z.object({
  shiftId: z.union([z.literal("current"), z.uuid("Not a shift id.")]),
  reprint: z.boolean(),
});

/** What the till's browser says of a job it sent to its USB or serial printer. */
export const printOutcomeSchema = z.object({
  target: z.union([
    z.object({ saleId: z.uuid("Not a sale id.") }),
    z.object({ shiftId: z.union([z.literal("current"), z.uuid("Not a shift id.")]) }),
  ]),
  state: z.enum(["ready", "paper_out", "cover_open", "offline"]),
});
