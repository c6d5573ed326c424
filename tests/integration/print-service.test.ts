import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { readEscPos, printedText } from "../support/escpos-reader";
import { TcpPrinter } from "../support/tcp-printer";
import { ownDataDir, putSale, staffOf } from "./office-support";

/**
 * Printing on the app's own code and a journal of this file's own, with a network printer on
 * loopback (allowed here as a one-PC shop's printer bridge would be): whose reprint prints,
 * which print outcomes a till may report, when a drawer counts as opened, and how the till's
 * banner learns the printer's status.
 */
ownDataDir();
process.env.KASSA_PRINTER_HOSTS = "127.0.0.1/32";
process.env.KASSA_PRINTER_PORTS = "1024-65535";
const { db } = await import("@/lib/db");
const { auditEvents, sales, tills } = await import("@/lib/db/schema");
const { openDrawer, printSaleSlip, recordBrowserPrint, tillPrinterStatus } =
  await import("@/lib/printing/service");
const { ActionError } = await import("@/lib/errors");

type Database = Awaited<ReturnType<typeof db>>;
let database: Database;
const printer = new TcpPrinter();

const voucher = {
  transactionId: "TX-9",
  productId: "p1",
  productName: "Netflix R100 gift voucher",
  category: "voucher",
  brand: "Netflix",
  amountCents: 10000,
  fees: [],
  totalCents: 10000,
  recipient: null,
  pin: "9876543210123456",
  serialNumber: "SN-777",
  instructions: null,
  receiptNumber: "V-1",
  at: "2026-05-04T12:00:00Z",
};

async function setTill(id: string, connection: "browser" | "usb" | "network") {
  await database
    .update(tills)
    .set({
      printerConnection: connection,
      printerHost: connection === "network" ? "127.0.0.1" : null,
      printerPort: connection === "network" ? printer.port : null,
    })
    .where(eq(tills.id, id));
}

/** A completed cash sale of the cashier's at till-1: a voucher with its PIN. */
async function voucherSale() {
  const cashier = await staffOf(database, "cashier", "till-1");
  const sale = await putSale(database, cashier, null, {
    kind: "vas",
    method: "cash",
    status: "completed",
    amountCents: 10_000,
  });
  await database.update(sales).set({ result: voucher }).where(eq(sales.id, sale.id));
  return sale;
}

async function eventsOf(subject: string) {
  const rows = await database
    .select({ kind: auditEvents.kind, username: auditEvents.username })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subject, subject),
        inArray(auditEvents.kind, ["slip_printed", "drawer_opened", "print_failed"]),
      ),
    );
  return rows.map((r) => r.kind).sort();
}

async function until(test: () => boolean | Promise<boolean>) {
  while (!(await test())) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  database = await db();
  await printer.start();
});
afterAll(() => printer.stop());
beforeEach(async () => {
  await until(() => printer.closed === printer.connections);
  printer.mode = "ready";
  printer.jobs.length = 0;
});

describe("a colleague's reprint at a shared till", () => {
  it("prints on the till's printer, as the slip page shows it: REPRINT, who sold it, no PIN", async () => {
    await setTill("till-1", "network");
    const sale = await voucherSale();
    const colleague = await staffOf(database, "cashier2", "till-1");
    const result = await printSaleSlip(colleague, { saleId: sale.id, reprint: true });
    expect(result).toMatchObject({ ok: true, via: "network", confirmed: true });
    await until(() => printer.jobs.some((j) => readEscPos(j).cuts > 0));
    const slip = readEscPos(printer.jobs.find((j) => readEscPos(j).cuts > 0)!);
    const text = printedText(slip);
    expect(text).toContain("REPRINT");
    expect(text).toContain("Sold by Thandi Cashier");
    expect(text).toContain("VOUCHER PIN NOT SHOWN");
    expect(text.replace(/\s/g, "")).not.toContain(voucher.pin);
    // Not the colleague's cash: their reprint never opens the drawer.
    expect(slip.pulses).toBe(0);

    // At another till it is not theirs to print.
    const elsewhere = await staffOf(database, "cashier2", "till-2");
    await expect(printSaleSlip(elsewhere, { saleId: sale.id, reprint: true })).rejects.toThrow(
      "This sale is not one of yours.",
    );
  });
});

describe("what a till's browser reports of a USB or serial print", () => {
  it("counts only for a job Kassa issued to that cashier, and only once", async () => {
    await setTill("till-1", "usb");
    const sale = await voucherSale();
    const cashier = await staffOf(database, "cashier", "till-1");
    const invented = { jobId: randomUUID(), state: "ready" as const, drawerOpened: true };
    await expect(recordBrowserPrint(cashier, invented)).rejects.toBeInstanceOf(ActionError);

    const job = await printSaleSlip(cashier, { saleId: sale.id, reprint: false });
    if (!job.ok || job.via !== "usb") throw new Error(`not a USB job: ${JSON.stringify(job)}`);
    expect(job.pulse).toBeDefined();
    // Handed to the browser is not printed, and the drawer has not opened yet.
    expect(await eventsOf(sale.id)).toEqual([]);

    const colleague = await staffOf(database, "cashier2", "till-1");
    const report = { jobId: job.jobId, state: "ready" as const, drawerOpened: true };
    await expect(recordBrowserPrint(colleague, report)).rejects.toBeInstanceOf(ActionError);
    await recordBrowserPrint(cashier, report);
    expect(await eventsOf(sale.id)).toEqual(["drawer_opened", "slip_printed"]);
    await expect(recordBrowserPrint(cashier, report)).rejects.toBeInstanceOf(ActionError);
    expect(await eventsOf(sale.id)).toEqual(["drawer_opened", "slip_printed"]);
  });

  it("has no job to report on a till that prints with the browser", async () => {
    await setTill("till-1", "browser");
    const sale = await voucherSale();
    const cashier = await staffOf(database, "cashier", "till-1");
    await expect(printSaleSlip(cashier, { saleId: sale.id, reprint: false })).rejects.toThrow(
      /prints with the browser/,
    );
    expect(await eventsOf(sale.id)).toEqual([]);
  });
});

describe("the drawer without a sale", () => {
  it("is audited as opened only once the printer took the pulse", async () => {
    await setTill("till-1", "network");
    const cashier = await staffOf(database, "cashier", "till-1");
    printer.mode = "close";
    const subject = `cash:${randomUUID()}`;
    expect(await openDrawer(cashier, cashier.till, { subject, reason: "drop" })).toMatchObject({
      ok: false,
    });
    expect(await eventsOf(subject)).toEqual(["print_failed"]);

    printer.mode = "ready";
    const opened = `cash:${randomUUID()}`;
    expect(await openDrawer(cashier, cashier.till, { subject: opened, reason: "drop" })).toEqual({
      ok: true,
      via: "network",
      job: null,
    });
    expect(await eventsOf(opened)).toEqual(["drawer_opened"]);
    await until(() => printer.jobs.some((j) => readEscPos(j).pulses === 1));
  });

  it("on a USB till: when the browser reports the pulse sent, under its job id", async () => {
    await setTill("till-1", "usb");
    const cashier = await staffOf(database, "cashier", "till-1");
    const subject = `cash:${randomUUID()}`;
    const kick = await openDrawer(cashier, cashier.till, { subject, reason: "drop" });
    if (!kick.ok || kick.via !== "usb") throw new Error(`not a USB kick: ${JSON.stringify(kick)}`);
    expect(readEscPos(Buffer.from(kick.job, "base64")).pulses).toBe(1);
    expect(await eventsOf(subject)).toEqual([]);
    await recordBrowserPrint(cashier, { jobId: kick.jobId, state: "ready", drawerOpened: true });
    expect(await eventsOf(subject)).toEqual(["drawer_opened"]);
  });
});

describe("the till's printer banner", () => {
  it("reads what was learnt in the background: the answer never waits on the printer", async () => {
    // A till whose printer nothing has been learnt of yet.
    await setTill("till-2", "network");
    printer.mode = "silent";
    const cashier = await staffOf(database, "cashier", "till-2");
    // At once, whatever the printer does: nothing known yet, a question on its way.
    expect(tillPrinterStatus(cashier)).toEqual({ status: null, pending: true });
    await until(() => tillPrinterStatus(cashier)?.status?.state === "offline");
    expect(tillPrinterStatus(cashier)).toMatchObject({ pending: false });
  });
});
