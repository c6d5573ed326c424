import "server-only";
import { Socket } from "node:net";
import { env } from "@/lib/env";
import type { PrinterPolicy } from "./address";
import { readStatus, STATUS_QUERY, statusOf, type PrinterStatus } from "./status";
import { checkPrinterTarget } from "./target";

/**
 * A network receipt printer: raw TCP (port 9100), ESC/POS both ways. Each job opens one
 * connection, asks the printer's real-time status (DLE EOT), sends the job only when it is
 * ready, asks again after it (the answer is what says the job was taken), and closes the
 * connection within a bound even when the printer never hangs up. A printer that does not
 * answer status (some network print servers) is sent the job without asking, and then it is
 * only ever "sent", never "printed".
 */
export interface NetworkPrinter {
  host: string;
  port: number;
  /** False when the till is set to "printer does not answer status". */
  answersStatus: boolean;
}

export interface NetworkOptions {
  /** How long the printer may take to accept the connection, answer a status question or take the job. */
  timeoutMs?: number;
  /** How long a connection may stay open after its job before Kassa drops it. */
  closeMs?: number;
  /**
   * A printer that is not there is answered no sooner than this after the question: an open
   * port that stays silent and a closed one that refuses at once must look the same to the
   * caller, or printer addresses map the network's open ports.
   */
  offlineFloorMs?: number;
  policy?: PrinterPolicy;
}

const TIMEOUT_MS = 4_000;
const CLOSE_MS = 2_000;

export class PrinterError extends Error {
  constructor(readonly status: PrinterStatus) {
    super(status.message);
  }
}

/** What became of a job: `confirmed` once the printer answered ready after it. */
export interface Delivery {
  confirmed: boolean;
  /** The printer's status after the job (paper low, for one), when it answered. */
  status: PrinterStatus | null;
}

export const NOT_ALLOWED_MESSAGE =
  "This till's printer address is not one this Kassa may print to. A supervisor must set it again under Tills.";

const offline = () => new PrinterError(statusOf("offline"));

/** One connection's reading side: the answers to status questions, three bytes each. */
class Line {
  private bytes: number[] = [];
  private waiting: (() => void) | null = null;
  private closed = false;

  constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.bytes.push(...chunk);
      this.waiting?.();
    });
    const end = () => {
      this.closed = true;
      this.waiting?.();
    };
    socket.on("close", end);
    socket.on("end", end);
    socket.on("error", end);
  }

  /** The next status answer, or null when none comes within `ms` (or the printer hung up). */
  async status(ms: number): Promise<PrinterStatus | null> {
    this.socket.write(STATUS_QUERY);
    const deadline = Date.now() + ms;
    while (this.bytes.length < 3 && !this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
    if (this.bytes.length < 3) return null;
    return readStatus(Uint8Array.from(this.bytes.splice(0, 3)));
  }
}

function connect(address: string, port: number, ms: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const timer = setTimeout(() => {
      socket.destroy();
      reject(offline());
    }, ms);
    socket.once("error", () => {
      clearTimeout(timer);
      socket.destroy();
      reject(offline());
    });
    socket.connect(port, address, () => {
      clearTimeout(timer);
      resolve(socket);
    });
  });
}

/** Writes the job; true once every byte has left for the printer within `ms`. */
function write(socket: Socket, job: Uint8Array, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.write(job, (error) => {
      clearTimeout(timer);
      resolve(!error);
    });
  });
}

/**
 * Hangs up, and resets the connection if the printer has not hung up too within `ms`: a
 * printer that never closes its side must not keep a server socket (and the printer) for ever.
 */
function hangUp(socket: Socket, ms: number) {
  socket.end();
  const timer = setTimeout(() => socket.resetAndDestroy(), ms);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * One connection, the target checked first. `job` null only asks the status. `asked`
 * decides whether DLE EOT goes before and after the job.
 */
async function session(
  printer: NetworkPrinter,
  job: Uint8Array | null,
  options: NetworkOptions,
): Promise<{ before: PrinterStatus | null; delivery: Delivery | null }> {
  return onLine(printer, options, async (socket, line, timeoutMs) => {
    let before: PrinterStatus | null = null;
    if (printer.answersStatus) {
      before = await line.status(timeoutMs);
      if (!before) throw offline();
      if (before.state !== "ready") throw new PrinterError(before);
    }
    if (!job) return { before, delivery: null };
    if (!(await write(socket, job, timeoutMs))) throw offline();
    if (!printer.answersStatus) return { before, delivery: { confirmed: false, status: null } };
    const after = await line.status(timeoutMs);
    if (after && after.state !== "ready") throw new PrinterError(after);
    return { before, delivery: { confirmed: after !== null, status: after } };
  });
}

/**
 * A connection to the printer, only at an address KASSA_PRINTER_HOSTS and KASSA_PRINTER_PORTS
 * allow (checkPrinterTarget), hung up after `talk` whatever happens.
 */
async function onLine<T>(
  printer: NetworkPrinter,
  options: NetworkOptions,
  talk: (socket: Socket, line: Line, timeoutMs: number) => Promise<T>,
): Promise<T> {
  const { timeoutMs = TIMEOUT_MS, closeMs = CLOSE_MS } = options;
  const policy = options.policy ?? env().printerPolicy;
  const target = await checkPrinterTarget(printer.host, printer.port, policy);
  if (!target.ok) throw new PrinterError({ state: "offline", message: NOT_ALLOWED_MESSAGE });
  const socket = await connect(target.address, printer.port, timeoutMs);
  try {
    return await talk(socket, new Line(socket), timeoutMs);
  } finally {
    hangUp(socket, closeMs);
  }
}

/** Runs `work`; an offline answer waits out the floor (see NetworkOptions.offlineFloorMs). */
async function evenly<T>(options: NetworkOptions, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PrinterError) || error.status.state !== "offline") throw error;
    const floor = options.offlineFloorMs ?? options.timeoutMs ?? TIMEOUT_MS;
    const left = started + floor - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    throw error;
  }
}

/** The printer's status now; a printer that does not answer is offline, one that is not asked null. */
export async function networkPrinterStatus(
  printer: NetworkPrinter,
  options: NetworkOptions = {},
): Promise<PrinterStatus | null> {
  if (!printer.answersStatus) return null;
  try {
    return (await evenly(options, () => session(printer, null, options))).before;
  } catch (error) {
    if (error instanceof PrinterError) return error.status;
    throw error;
  }
}

/** Sends a job once the printer says it is ready; throws PrinterError with the reason otherwise. */
export async function printOverNetwork(
  printer: NetworkPrinter,
  job: Uint8Array,
  options: NetworkOptions = {},
): Promise<Delivery> {
  const { delivery } = await evenly(options, () => session(printer, job, options));
  return delivery!;
}

/**
 * Sends a job that prints nothing (the drawer pulse) without asking the status first: a
 * printer out of paper still opens its drawer. Answers once the printer has taken it: it
 * answered the status question sent after it, or (a printer that does not answer status)
 * every byte left for it.
 */
export async function sendBlind(
  printer: NetworkPrinter,
  job: Uint8Array,
  options: NetworkOptions = {},
): Promise<void> {
  await evenly(options, () =>
    onLine(printer, options, async (socket, line, timeoutMs) => {
      if (!(await write(socket, job, timeoutMs))) throw offline();
      // Any answer will do: a printer out of paper still took the pulse.
      if (printer.answersStatus && !(await line.status(timeoutMs))) throw offline();
    }),
  );
}
