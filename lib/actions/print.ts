"use server";

import * as z from "zod/mini";
import { staffAction } from "@/lib/auth/action";
import {
  printSaleSlip,
  printShiftReport,
  recordBrowserPrint,
  tillPrinterStatus,
} from "@/lib/printing/service";
import { printOutcomeSchema, printReportSchema, printSlipSchema } from "./print-schema";

/** Prints a sale's slip on the till's printer (network), or hands the job to the browser (USB, serial). */
export const printSlipAction = staffAction(["cashier"], printSlipSchema, (input, staff) =>
  printSaleSlip(staff, input),
);

/** Prints the X report of the open shift, or a stored Z report, on the till's printer. */
export const printReportAction = staffAction(["cashier"], printReportSchema, (input, staff) =>
  printShiftReport(staff, input),
);

/**
 * Audits what became of a job the till's browser sent to its USB or serial printer: only a job
 * Kassa issued to this user, once. A supervisor reports the drawer they opened from the office.
 */
export const recordPrintOutcomeAction = staffAction(
  ["cashier", "supervisor"],
  printOutcomeSchema,
  async (input, staff) => {
    await recordBrowserPrint(staff, input);
    return null;
  },
);

/**
 * The network printer's status for the till's banner, as last asked in the background: null
 * when the browser reads it itself (or the printer does not answer status).
 */
export const printerStatusAction = staffAction(["cashier"], z.object({}), async (_input, staff) =>
  tillPrinterStatus(staff),
);
