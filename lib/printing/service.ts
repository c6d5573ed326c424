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
import { findSale } from "@/lib/sales/journal";
import { mayUseSale, mayUseShift } from "@/lib/security/ownership";
import { currentShift } from "@/lib/shifts/current";
import { findShift, shiftReportNow, storedZReport } from "@/lib/shifts/report";
import type { PrinterConnection } from "./connection";
import {
  networkPrinterStatus,
  PrinterError,
  printOverNetwork,
  sendBlind,
  type NetworkPrinter,
} from "./network";
import { encodeDrawerPulse, encodeSaleSlip, encodeShiftReport } from "./slip-commands";
import { statusOf, type PrinterStatus } from "./status";

/**
 * Printing for a till, as its settings say: the Kassa server prints to a network printer
 * itself; for a USB or serial printer it hands the encoded job to the till's browser, which
 * sends it and reports back. Every attempt and failure is audited against the sale.
 */
export type PrintJob =
  | { ok: true; via: "network" }
  /** Base64 of the ESC/POS job, for the till's browser to send to its USB or serial printer. */
  | { ok: true; via: "usb" | "serial"; job: string; pulse?: string }
  | { ok: false; state: PrinterStatus["state"]; reason: string };

function networkPrinterOf(till: Till): NetworkPrinter | null {
  if (till.printerConnection !== "network" || !till.printerHost) return null;
  return { host: till.printerHost, port: till.printerPort ?? 9100 };
}

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
 * Prints a completed sale's slip on the till's printer. The first slip that comes out is the
 * original, however many attempts failed before it; any later one is marked REPRINT. A cash
 * sale's first print opens the drawer (and if the printer refuses the slip for want of paper
 * the pulse is still sent, so the cash can go in).
 */
export async function printSaleSlip(
  staff: Staff,
  input: { saleId: string; reprint: boolean },
): Promise<PrintJob> {
  const connection: PrinterConnection = staff.till.printerConnection;
  const sale = await findSale(input.saleId);
  // A stranger's sale is answered like a missing one (lib/security/ownership.ts).
  if (!sale || !mayUseSale(staff, sale)) throw new ActionError("This sale is not one of yours.");
  if (sale.status !== "completed") throw new ActionError("This sale has no slip to print.");
  if (connection === "browser") throw new ActionError("This till prints with the browser.");
  const history = await printHistory(sale.id);
  const reprint = history.printed || input.reprint;
  const drawer = sale.method === "cash" && !history.drawerOpened && sale.tillId === staff.till.id;
  const { merchantName, vatNumber, vatPercent } = env();
  // A network printer gets the pulse with the slip; a USB or serial till sends it first, apart,
  // so that the drawer opens even when the printer then refuses the slip.
  const job = encodeSaleSlip(
    sale,
    { merchantName, vatNumber, vatPercent },
    { paperWidthMm: staff.till.paperWidthMm, reprint, drawer: drawer && connection === "network" },
  );
  const result = await deliver(staff, sale.id, job, { reprint, drawer });
  if (!drawer) return result;
  if (result.ok)
    await audit(actorOf(staff), "drawer_opened", sale.id, { connection, for: "cash_sale" });
  else if (result.state !== "offline") await pulseAfterRefusal(staff, sale.id);
  return result.ok && result.via !== "network"
    ? { ...result, pulse: toBase64(encodeDrawerPulse()) }
    : result;
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

async function failed(
  actor: ReturnType<typeof actorOf>,
  saleId: string,
  connection: PrinterConnection,
  status: PrinterStatus,
): Promise<PrintJob> {
  await audit(actor, "print_failed", saleId, { connection, reason: status.state });
  return { ok: false, state: status.state, reason: status.message };
}

/** What the till's browser says became of a job it sent to its USB or serial printer. */
export async function recordBrowserPrint(
  staff: Staff,
  input: { target: PrintTarget; state: PrinterStatus["state"] },
): Promise<void> {
  const subject = await subjectOf(staff, input.target);
  const connection = staff.till.printerConnection;
  if (input.state === "ready") await audit(actorOf(staff), "slip_printed", subject, { connection });
  else await audit(actorOf(staff), "print_failed", subject, { connection, reason: input.state });
}

/** A sale's slip, or a shift's report ("current": the X report of the cashier's open shift). */
export type PrintTarget = { saleId: string } | { shiftId: string };

/** The audited subject of a print, once the object rule allows it. */
async function subjectOf(staff: Staff, target: PrintTarget): Promise<string> {
  if ("saleId" in target) {
    const sale = await findSale(target.saleId);
    if (!sale || !mayUseSale(staff, sale)) throw new ActionError("This sale is not one of yours.");
    return sale.id;
  }
  const shift =
    target.shiftId === "current"
      ? await currentShift(staff)
      : (await findShift(target.shiftId))?.shift;
  if (!shift || !mayUseShift(staff, shift))
    throw new ActionError("This shift is not one of yours.");
  return shift.id;
}

/** Sends a job to the till's printer (network) or hands it to the browser; audited against `subject`. */
async function deliver(
  staff: Staff,
  subject: string,
  job: Uint8Array,
  detail: object,
): Promise<PrintJob> {
  const connection = staff.till.printerConnection;
  const actor = actorOf(staff);
  await audit(actor, "print_attempted", subject, { connection, ...detail });
  if (connection === "browser") throw new ActionError("This till prints with the browser.");
  if (connection !== "network") return { ok: true, via: connection, job: toBase64(job) };
  const printer = networkPrinterOf(staff.till);
  if (!printer) return failed(actor, subject, connection, statusOf("offline"));
  try {
    await printOverNetwork(printer, job);
  } catch (error) {
    if (!(error instanceof PrinterError)) throw error;
    return failed(actor, subject, connection, error.status);
  }
  await audit(actor, "slip_printed", subject, { connection, ...detail });
  return { ok: true, via: "network" };
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
  if (input.shiftId === "current") {
    const shift = await currentShift(staff);
    if (!shift || !mayUseShift(staff, shift)) throw new ActionError("You have no shift open here.");
    const [view, report] = await Promise.all([findShift(shift.id), shiftReportNow(shift)]);
    const meta = xReportMeta(view, shift, staff.till.name);
    return deliver(staff, shift.id, encodeShiftReport(report, meta, paper), { report: "x" });
  }
  const view = await findShift(input.shiftId);
  const z = view && mayUseShift(staff, view.shift) ? storedZReport(view.shift) : null;
  if (!view || !z) throw new ActionError("This shift is not one of yours.");
  if (input.reprint)
    await audit(actorOf(staff), "z_reprinted", view.shift.id, { zNumber: z.zNumber });
  const meta = zReportMeta(z, input.reprint);
  return deliver(staff, view.shift.id, encodeShiftReport(z, meta, paper), {
    report: "z",
    reprint: input.reprint,
  });
}

/** The network printer's status, for the till's banner; other connections are read in the browser. */
export async function tillPrinterStatus(staff: Staff): Promise<PrinterStatus | null> {
  const printer = networkPrinterOf(staff.till);
  if (!printer) return null;
  return networkPrinterStatus(printer);
}

/** What opening a drawer came to; a USB or serial till gets the pulse to send itself. */
export type DrawerKick =
  { ok: true; via: PrinterConnection; job: string | null } | { ok: false; reason: string };

/**
 * Opens a till's cash drawer without a sale: a cash movement (subject "cash:<id>"), or a
 * supervisor's "open drawer" (subject "till:<id>"). Network: sent from here; USB and serial:
 * the pulse goes back to the browser; with the browser's print there is no drawer to open.
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
    await audit(actorOf(staff), "drawer_opened", input.subject, detail);
    return { ok: true, via, job: toBase64(encodeDrawerPulse()) };
  }
  const printer = networkPrinterOf(till);
  try {
    if (!printer) throw new PrinterError(statusOf("offline"));
    await sendBlind(printer, encodeDrawerPulse());
  } catch {
    await audit(actorOf(staff), "print_failed", input.subject, { ...detail, reason: "offline" });
    return { ok: false, reason: statusOf("offline").message };
  }
  await audit(actorOf(staff), "drawer_opened", input.subject, detail);
  return { ok: true, via, job: null };
}
