import "server-only";
import { lookup } from "node:dns/promises";
import { Socket } from "node:net";
import { isPrivateAddress, validPrinterHost, validPrinterPort } from "./address";
import { readStatus, STATUS_QUERY, statusOf, type PrinterStatus } from "./status";

/**
 * A network receipt printer: raw TCP (port 9100), ESC/POS both ways. Each job opens one
 * connection, asks the printer's real-time status (DLE EOT), and only then sends the slip,
 * so paper out or an open cover is reported instead of printing into nothing.
 */
export interface NetworkPrinter {
  host: string;
  port: number;
}

/** How long a printer may take to accept the connection, answer its status or take a slip. */
const TIMEOUT_MS = 4_000;

export class PrinterError extends Error {
  constructor(readonly status: PrinterStatus) {
    super(status.message);
  }
}

/** The configured host, resolved and checked again: a name may not lead off the shop's network. */
async function resolveTarget(printer: NetworkPrinter): Promise<string> {
  if (!validPrinterHost(printer.host) || !validPrinterPort(printer.port))
    throw new PrinterError(statusOf("offline"));
  let address: string;
  try {
    address = (await lookup(printer.host)).address;
  } catch {
    throw new PrinterError(statusOf("offline"));
  }
  if (!isPrivateAddress(address)) throw new PrinterError(statusOf("offline"));
  return address;
}

/** One connection: ask the status, then (when ready, and asked to) send the job. */
async function session(
  printer: NetworkPrinter,
  job: Uint8Array | null,
  timeoutMs: number,
): Promise<PrinterStatus> {
  const address = await resolveTarget(printer);
  return new Promise<PrinterStatus>((resolve, reject) => {
    const socket = new Socket();
    const answer: number[] = [];
    let done = false;
    const finish = (error: PrinterError | null, status?: PrinterStatus) => {
      if (done) return;
      done = true;
      socket.removeAllListeners("data");
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve(status!);
      }
    };
    socket.setTimeout(timeoutMs, () => finish(new PrinterError(statusOf("offline"))));
    socket.once("error", () => finish(new PrinterError(statusOf("offline"))));
    socket.once("close", () => finish(new PrinterError(statusOf("offline"))));
    socket.on("data", (chunk: Buffer) => {
      answer.push(...chunk);
      if (answer.length < 3) return;
      const status = readStatus(Uint8Array.from(answer.slice(0, 3)));
      if (status.state !== "ready" || !job) {
        socket.end();
        return finish(status.state === "ready" ? null : new PrinterError(status), status);
      }
      socket.removeAllListeners("data");
      // The job counts as printed once the printer's side has taken every byte and closed.
      socket.end(job, () => finish(null, status));
    });
    socket.connect(printer.port, address, () => socket.write(STATUS_QUERY));
  });
}

/** The printer's status now; a printer that does not answer is offline. */
export async function networkPrinterStatus(
  printer: NetworkPrinter,
  timeoutMs = TIMEOUT_MS,
): Promise<PrinterStatus> {
  try {
    return await session(printer, null, timeoutMs);
  } catch (error) {
    if (error instanceof PrinterError) return error.status;
    throw error;
  }
}

/** Sends a job once the printer says it is ready; throws PrinterError with the reason otherwise. */
export async function printOverNetwork(
  printer: NetworkPrinter,
  job: Uint8Array,
  timeoutMs = TIMEOUT_MS,
): Promise<void> {
  await session(printer, job, timeoutMs);
}

/**
 * Sends a job that prints nothing (the drawer pulse) without asking the status first: a
 * printer out of paper still opens its drawer.
 */
export async function sendBlind(
  printer: NetworkPrinter,
  job: Uint8Array,
  timeoutMs = TIMEOUT_MS,
): Promise<void> {
  const address = await resolveTarget(printer);
  await new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new PrinterError(statusOf("offline")));
    });
    socket.once("error", () => reject(new PrinterError(statusOf("offline"))));
    socket.connect(printer.port, address, () => socket.end(job, () => resolve()));
  });
}
