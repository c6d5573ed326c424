import "server-only";
import { xReportMeta, zReportMeta } from "@/lib/reports/report-meta";
import { and, eq, inArray } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { db } from "@/lib/db";
import { auditEvents, type Till } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { cashierNameOf } from "@/lib/sales/history";
import { findSale } from "@/lib/sales/journal";
import { mayUseShift, slipAccess } from "@/lib/security/ownership";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow, storedZReport } from "@/lib/shifts/report";
import type { PrinterConnection } from "./connection";
import { issuePrintJob, takePrintJob } from "./jobs";
import { PrinterError, printOverNetwork, sendBlind } from "./network";
import { slipCheckOf } from "@/lib/record/slip-url";
import { zRecordPrint } from "@/lib/record/z-checkpoint";
import { encodeDrawerPulse, encodeSaleSlip, encodeShiftReport } from "./slip-commands";
import { statusOf, type PrinterState, type PrinterStatus } from "./status";
import { networkPrinterOf, notePrinterStatus, watchedPrinterStatus } from "./watch";

/**
 * Printing for a till, as its settings say: the Kassa server prints to a network printer
 * itself; for a USB or serial printer it hands the encoded job to the till's browser under a
 * job id, and believes what the browser then reports only for that job, once (./jobs.ts).
 * Every attempt and outcome is audited against the sale (or shift); a drawer is audited as
 * opened only once the printer took the pulse.
 */
export type PrintJob =
  /** `confirmed`: the printer answered ready after the job; otherwise it was only sent. */
  | { ok: true; via: "network"; confirmed: boolean; paperLow: boolean }
  /** Base64 of the ESC/POS job (and the pulse, sent first), for the till's browser to send. */
  | {
      ok: true;
      via: "usb" | "serial";
      jobId: string;
      job: string;
      pulse?: string;
      /** False on a till set to "printer does not answer status": send without asking. */
      answersStatus: boolean;
    }
  | { ok: false; state: PrinterStatus["state"]; reason: string };

/** Whether the sale's slip came out of a printer already, and whether its drawer was opened. */
async function printHistory(saleId: string): Promise<{ printed: boolean; drawerOpened: boolean }> {
  const database = await db();
  const rows = await database
    .select({ kind: auditEvents.kind })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subject, saleId),
        inArray(auditEvents.kind, ["slip_printed", "drawer_opened"]),
      ),
    );
  return {
    printed: rows.some((r) => r.kind === "slip_printed"),
    drawerOpened: rows.some((r) => r.kind === "drawer_opened"),
  };
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * Prints a completed sale's slip on the till's printer, under the slip page's own rule
 * (slipAccess): a colleague's sale of this till prints as a REPRINT naming who sold it and
 * without a voucher PIN. The first slip that comes out is the original, however many attempts
 * failed before it; any later one is marked REPRINT. A cash sale's first print at its own till
 * opens the drawer (and if the printer refuses the slip for want of paper the pulse is still
 * sent, so the cash can go in).
 */
export async function printSaleSlip(
  staff: Staff,
  input: { saleId: string; reprint: boolean },
): Promise<PrintJob> {
  const connection: PrinterConnection = staff.till.printerConnection;
  const sale = await findSale(input.saleId);
  const access = sale && slipAccess(staff, sale);
  // A stranger's sale is answered like a missing one (lib/security/ownership.ts).
  if (!sale || !access) throw new ActionError("This sale is not one of yours.");
  if (sale.status !== "completed") throw new ActionError("This sale has no slip to print.");
  if (connection === "browser") throw new ActionError("This till prints with the browser.");
  const { colleague } = access;
  const history = await printHistory(sale.id);
  const reprint = history.printed || input.reprint || colleague;
  const drawer =
    !colleague && sale.method === "cash" && !history.drawerOpened && sale.tillId === staff.till.id;
  const { merchantName, vatNumber, vatPercent } = env();
  // A network printer gets the pulse with the slip; a USB or serial till sends it first, apart,
  // so that the drawer opens even when the printer then refuses the slip.
  const job = encodeSaleSlip(
    sale,
    { merchantName, vatNumber, vatPercent },
    {
      paperWidthMm: staff.till.paperWidthMm,
      reprint,
      drawer: drawer && connection === "network",
      hidePin: colleague,
      soldBy: colleague ? await cashierNameOf(sale.userId) : null,
      check: slipCheckOf(sale.id),
    },
  );
  const detail = { reprint, drawer, ...(colleague ? { colleague: true } : {}) };
  if (connection !== "network")
    return handToBrowser(staff, sale.id, job, {
      detail,
      pulse: drawer ? { for: "cash_sale" } : null,
    });
  const result = await deliverOverNetwork(staff, sale.id, job, detail);
  if (!drawer) return result;
  // The pulse went with the slip: the printer took it once it took the job.
  if (result.ok)
    await audit(actorOf(staff), "drawer_opened", sale.id, { connection, for: "cash_sale" });
  else if (result.state !== "offline") await pulseAfterRefusal(staff, sale.id);
  return result;
}

/** A printer out of paper still opens its drawer: the cashier must be able to take the cash. */
async function pulseAfterRefusal(staff: Staff, saleId: string) {
  const printer = networkPrinterOf(staff.till);
  if (!printer) return;
  try {
    await sendBlind(printer, encodeDrawerPulse());
    await audit(actorOf(staff), "drawer_opened", saleId, {
      connection: "network",
      for: "cash_sale",
    });
  } catch {
    // The failure of the slip is what the cashier is told about.
  }
}

/** A USB or serial till: the job goes to its browser under a job id; nothing is audited as done yet. */
async function handToBrowser(
  staff: Staff,
  subject: string,
  job: Uint8Array,
  options: { detail: Record<string, unknown>; pulse: Record<string, unknown> | null },
): Promise<PrintJob> {
  const connection = staff.till.printerConnection;
  if (connection !== "usb" && connection !== "serial")
    throw new ActionError("This till prints with the browser.");
  await audit(actorOf(staff), "print_attempted", subject, { connection, ...options.detail });
  const jobId = await issuePrintJob(staff, {
    tillId: staff.till.id,
    subject,
    connection,
    printsSlip: true,
    drawer: options.pulse !== null,
    detail: { ...options.detail, ...(options.pulse ? { drawerFor: options.pulse.for } : {}) },
  });
  return {
    ok: true,
    via: connection,
    jobId,
    job: toBase64(job),
    ...(options.pulse ? { pulse: toBase64(encodeDrawerPulse()) } : {}),
    answersStatus: staff.till.printerAnswersStatus,
  };
}

/** The Kassa server prints to the till's network printer itself; audited against `subject`. */
async function deliverOverNetwork(
  staff: Staff,
  subject: string,
  job: Uint8Array,
  detail: Record<string, unknown>,
): Promise<PrintJob> {
  const connection = staff.till.printerConnection;
  const actor = actorOf(staff);
  await audit(actor, "print_attempted", subject, { connection, ...detail });
  const printer = networkPrinterOf(staff.till);
  const fail = async (status: PrinterStatus): Promise<PrintJob> => {
    await audit(actor, "print_failed", subject, { connection, reason: status.state });
    return { ok: false, state: status.state, reason: status.message };
  };
  if (!printer) return fail(statusOf("offline"));
  try {
    const delivery = await printOverNetwork(printer, job);
    if (delivery.status) notePrinterStatus(staff.till, delivery.status);
    await audit(actor, "slip_printed", subject, {
      connection,
      ...detail,
      confirmed: delivery.confirmed,
    });
    return {
      ok: true,
      via: "network",
      confirmed: delivery.confirmed,
      paperLow: delivery.status?.paperLow === true,
    };
  } catch (error) {
    if (!(error instanceof PrinterError)) throw error;
    notePrinterStatus(staff.till, error.status);
    return fail(error.status);
  }
}

/**
 * What the till's browser says became of a job Kassa gave it (USB or serial): believed for
 * that job only, once, from the user it was issued to. The drawer counts as opened only when
 * the browser says the printer took the pulse.
 */
export async function recordBrowserPrint(
  staff: Staff,
  input: { jobId: string; state: PrinterState; drawerOpened: boolean },
): Promise<void> {
  const job = await takePrintJob(staff, input.jobId);
  if (!job)
    throw new ActionError(
      "Kassa did not send this print job, or what became of it is recorded already.",
    );
  const actor = actorOf(staff);
  const { connection, subject, detail } = job;
  if (job.printsSlip) {
    if (input.state === "ready")
      await audit(actor, "slip_printed", subject, { connection, ...detail });
    else await audit(actor, "print_failed", subject, { connection, reason: input.state });
  }
  if (job.drawer) {
    const opened = job.printsSlip ? input.drawerOpened : input.state === "ready";
    const what = {
      connection,
      for: detail.drawerFor,
      ...(detail.till ? { till: detail.till } : {}),
    };
    if (opened) await audit(actor, "drawer_opened", subject, what);
    else if (!job.printsSlip)
      await audit(actor, "print_failed", subject, { ...what, reason: input.state });
  }
}

/**
 * The X report of the cashier's open shift, or the stored Z report of a closed one, on the
 * till's printer. A Z report printed again is marked REPRINT (and audited as z_reprinted).
 */
export async function printShiftReport(
  staff: Staff,
  input: { shiftId: string; reprint: boolean },
): Promise<PrintJob> {
  const paper = staff.till.paperWidthMm;
  let subject: string;
  let job: Uint8Array;
  let detail: Record<string, unknown>;
  if (input.shiftId === "current") {
    const shift = await currentShift(staff);
    if (!shift || !mayUseShift(staff, shift)) throw new ActionError("You have no shift open here.");
    const [view, report] = await Promise.all([findShift(shift.id), shiftReportNow(shift)]);
    [subject, job, detail] = [
      shift.id,
      encodeShiftReport(report, xReportMeta(view, shift, staff.till.name), paper),
      { report: "x" },
    ];
  } else {
    const view = await findShift(input.shiftId);
    const z = view && mayUseShift(staff, view.shift) ? storedZReport(view.shift) : null;
    if (!view || !z) throw new ActionError("This shift is not one of yours.");
    if (input.reprint)
      await audit(actorOf(staff), "z_reprinted", view.shift.id, { zNumber: z.zNumber });
    [subject, job, detail] = [
      view.shift.id,
      encodeShiftReport(z, zReportMeta(z, input.reprint), paper, await zRecordPrint(z.zNumber)),
      { report: "z", reprint: input.reprint },
    ];
  }
  // Whose report it is comes first (above); a till that prints with the browser is refused here.
  return staff.till.printerConnection === "network"
    ? deliverOverNetwork(staff, subject, job, detail)
    : handToBrowser(staff, subject, job, { detail, pulse: null });
}

/**
 * The network printer's status for the till's banner, as last learnt in the background
 * (./watch.ts): `pending` while the first question is on its way. Null for other connections
 * (the browser reads its USB or serial printer itself) and printers that do not answer status.
 */
export function tillPrinterStatus(
  staff: Staff,
): { status: PrinterStatus | null; pending: boolean } | null {
  return watchedPrinterStatus(staff.till);
}

/** What opening a drawer came to; a USB or serial till gets the pulse to send itself, and reports. */
export type DrawerKick =
  | { ok: true; via: "browser" | "network"; job: null }
  | { ok: true; via: "usb" | "serial"; job: string; jobId: string }
  | { ok: false; reason: string };

/**
 * Opens a till's cash drawer without a sale: a cash movement (subject "cash:<id>"), or a
 * supervisor's "open drawer" (subject "till:<id>"). Network: sent from here and audited once
 * the printer took it; USB and serial: the pulse goes back to the browser under a job id and
 * is audited when the browser reports it sent; with the browser's print there is no drawer.
 */
export async function openDrawer(
  staff: Staff,
  till: Till,
  input: { subject: string; reason: string },
): Promise<DrawerKick> {
  const via = till.printerConnection;
  if (via === "browser") return { ok: true, via, job: null };
  const detail = { connection: via, for: input.reason, till: till.id };
  if (via !== "network") {
    const jobId = await issuePrintJob(staff, {
      tillId: till.id,
      subject: input.subject,
      connection: via,
      printsSlip: false,
      drawer: true,
      detail: { drawerFor: input.reason, till: till.id },
    });
    return { ok: true, via, job: toBase64(encodeDrawerPulse()), jobId };
  }
  const printer = networkPrinterOf(till);
  try {
    if (!printer) throw new PrinterError(statusOf("offline"));
    await sendBlind(printer, encodeDrawerPulse());
  } catch (error) {
    const status = error instanceof PrinterError ? error.status : statusOf("offline");
    await audit(actorOf(staff), "print_failed", input.subject, { ...detail, reason: status.state });
    return { ok: false, reason: status.message };
  }
  await audit(actorOf(staff), "drawer_opened", input.subject, detail);
  return { ok: true, via, job: null };
}
