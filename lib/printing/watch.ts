import "server-only";
import type { Till } from "@/lib/db/schema";
import { networkPrinterStatus, type NetworkPrinter } from "./network";
import type { PrinterStatus } from "./status";

/**
 * The network printer's status as the till's banner reads it: asked in the background and
 * kept per till, never awaited by the caller. How long a question takes (an open port that
 * stays silent, a closed one that refuses at once) therefore never reaches the till or the
 * supervisor, whatever address is saved. Prints update it with what the printer said.
 */
interface Watched {
  /** The printer this entry is for: a changed address starts afresh. */
  key: string;
  status: PrinterStatus | null;
  at: number;
  asking: boolean;
}

/** A status older than this is asked again (the till's banner asks every 20 seconds). */
const FRESH_MS = 10_000;

// On globalThis: `next start` loads server modules more than once; one watch per process.
const holder = globalThis as typeof globalThis & { __kassaPrinterWatch?: Map<string, Watched> };
const watched = (holder.__kassaPrinterWatch ??= new Map());

export function networkPrinterOf(till: Till): NetworkPrinter | null {
  if (till.printerConnection !== "network" || !till.printerHost) return null;
  return {
    host: till.printerHost,
    port: till.printerPort ?? 9100,
    answersStatus: till.printerAnswersStatus,
  };
}

function entryOf(till: Till, printer: NetworkPrinter): Watched {
  const key = `${printer.host}|${printer.port}|${printer.answersStatus}`;
  let entry = watched.get(till.id);
  if (!entry || entry.key !== key) {
    entry = { key, status: null, at: 0, asking: false };
    watched.set(till.id, entry);
  }
  return entry;
}

/**
 * The last status known of the till's network printer, and whether none is known yet (a
 * question is on its way: ask again shortly). Starts a question when the last is stale.
 */
export function watchedPrinterStatus(
  till: Till,
): { status: PrinterStatus | null; pending: boolean } | null {
  const printer = networkPrinterOf(till);
  if (!printer || !printer.answersStatus) return null;
  const entry = entryOf(till, printer);
  if (!entry.asking && Date.now() - entry.at > FRESH_MS) {
    entry.asking = true;
    void networkPrinterStatus(printer)
      .then((status) => {
        entry.status = status;
        entry.at = Date.now();
      })
      .catch(() => undefined)
      .finally(() => {
        entry.asking = false;
      });
  }
  return { status: entry.status, pending: entry.status === null };
}

/** What a print just learnt of the printer: the banner says it without asking again. */
export function notePrinterStatus(till: Till, status: PrinterStatus): void {
  const printer = networkPrinterOf(till);
  if (!printer) return;
  const entry = entryOf(till, printer);
  entry.status = status;
  entry.at = Date.now();
}
