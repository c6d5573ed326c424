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

/**
 * What the till's browser says of a job Kassa handed it for its USB or serial printer: the
 * job's id (issued by the server, believed once), the printer's answer after it, and whether
 * the drawer pulse sent with it went out.
 */
export const printOutcomeSchema = z.object({
  jobId: z.uuid("Not a print job."),
  state: z.enum(["ready", "paper_out", "cover_open", "offline"]),
  drawerOpened: z.boolean(),
});
