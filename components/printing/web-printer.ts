/**
 * The till's own USB or serial receipt printer, driven from Chromium with
 * @point-of-sale/webusb-receipt-printer and @point-of-sale/webserial-receipt-printer. Loaded
 * only when a till set to USB or serial prints (dynamic import): other tills never download it.
 * The libraries send bytes and pass on what the printer answers; the status questions and the
 * reading of the answers are Kassa's (lib/printing/status.ts), the same as for network printers.
 */
import WebSerialReceiptPrinter from "@point-of-sale/webserial-receipt-printer";
import WebUSBReceiptPrinter from "@point-of-sale/webusb-receipt-printer";
import { readStatus, STATUS_QUERY, statusOf, type PrinterStatus } from "@/lib/printing/status";
import { isPaired, NOT_PAIRED, STORAGE_KEY, type Via } from "./pairing";

interface Device {
  vendorId?: number | null;
  productId?: number | null;
  serialNumber?: string | null;
}

interface ReceiptPrinter {
  connect(): Promise<void>;
  reconnect(device: Device): Promise<void>;
  listen(): Promise<boolean | undefined>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: "connected", listener: (device: Device) => void): void;
  addEventListener(event: "disconnected", listener: () => void): void;
  addEventListener(event: "data", listener: (data: DataView | Uint8Array) => void): void;
}

/** How long a printer may take to connect and to answer a status question. */
const WAIT_MS = 3_000;

/** One printer per page: the libraries keep their device open between jobs. */
const printers: Partial<Record<Via, { printer: ReceiptPrinter; connected: boolean }>> = {};
let answer: number[] = [];

function printerFor(via: Via) {
  let entry = printers[via];
  if (!entry) {
    const printer = (via === "usb"
      ? new WebUSBReceiptPrinter()
      : new WebSerialReceiptPrinter()) as unknown as ReceiptPrinter;
    const made = { printer, connected: false };
    printer.addEventListener("connected", (device) => {
      made.connected = true;
      // Remembered on this till, so the next page load reconnects without asking.
      localStorage.setItem(
        STORAGE_KEY(via),
        JSON.stringify({
          vendorId: device.vendorId ?? null,
          productId: device.productId ?? null,
          serialNumber: device.serialNumber ?? null,
        }),
      );
      void printer.listen();
    });
    printer.addEventListener("disconnected", () => {
      made.connected = false;
    });
    printer.addEventListener("data", (data) => {
      const bytes =
        data instanceof Uint8Array
          ? data
          : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      answer.push(...bytes);
    });
    entry = printers[via] = made;
  }
  return entry;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) if (test()) return true;
  return test();
}

/** Chromium's chooser for the printer: needs the cashier's click. */
export async function pairWebPrinter(via: Via): Promise<boolean> {
  const entry = printerFor(via);
  await entry.printer.connect();
  return until(() => entry.connected, WAIT_MS);
}

async function connected(via: Via): Promise<ReceiptPrinter | null> {
  const entry = printerFor(via);
  if (entry.connected) return entry.printer;
  const saved = localStorage.getItem(STORAGE_KEY(via));
  if (!saved) return null;
  await entry.printer.reconnect(JSON.parse(saved) as Device);
  return (await until(() => entry.connected, WAIT_MS)) ? entry.printer : null;
}

async function ask(printer: ReceiptPrinter): Promise<PrinterStatus> {
  answer = [];
  await printer.print(STATUS_QUERY);
  if (!(await until(() => answer.length >= 3, WAIT_MS))) return statusOf("offline");
  return readStatus(Uint8Array.from(answer.slice(0, 3)));
}

/** The printer's status now: paired, connected and answering, or why not. */
export async function webPrinterStatus(via: Via): Promise<PrinterStatus> {
  const printer = await connected(via);
  if (!printer)
    return isPaired(via) ? statusOf("offline") : { state: "offline", message: NOT_PAIRED };
  return ask(printer);
}

/**
 * Sends a job once the printer says it is ready, then asks again: the libraries do not report
 * a failed write, so a printer that stops answering (or ran out of paper) after the job is a
 * failed print, and only its answer after the job confirms it printed. A printer set as not
 * answering status is sent the job without asking: then it is only ever sent.
 */
export async function printOnWebPrinter(
  via: Via,
  job: Uint8Array,
  answersStatus: boolean,
): Promise<{ status: PrinterStatus; confirmed: boolean }> {
  const printer = await connected(via);
  if (!printer)
    return {
      status: isPaired(via) ? statusOf("offline") : { state: "offline", message: NOT_PAIRED },
      confirmed: false,
    };
  if (!answersStatus) {
    await printer.print(job);
    return { status: statusOf("ready"), confirmed: false };
  }
  const before = await ask(printer);
  if (before.state !== "ready") return { status: before, confirmed: false };
  await printer.print(job);
  const after = await ask(printer);
  return { status: after, confirmed: after.state === "ready" };
}

/** Sends bytes that print nothing (the drawer pulse): the printer needs only to be there. */
export async function sendToWebPrinter(via: Via, job: Uint8Array): Promise<PrinterStatus> {
  const printer = await connected(via);
  if (!printer)
    return isPaired(via) ? statusOf("offline") : { state: "offline", message: NOT_PAIRED };
  await printer.print(job);
  return statusOf("ready");
}
