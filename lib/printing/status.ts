/**
 * What an ESC/POS printer says about itself. The server (network printers) and the till's
 * browser (USB, serial) ask the same three real-time questions, DLE EOT 1, 2 and 4, and read
 * the three answers the same way. Pure.
 */
export type PrinterState = "ready" | "paper_out" | "cover_open" | "offline";

export interface PrinterStatus {
  state: PrinterState;
  /** In the cashier's words, for the till's banner and the failed-print panel. */
  message: string;
  /** Ready, but the roll's near-end sensor sees the paper running out: warn before it does. */
  paperLow?: true;
}

export const PAPER_LOW_MESSAGE = "The printer's paper is running low. Have a new roll ready.";

export const STATUS_MESSAGES: Record<PrinterState, string> = {
  ready: "Printer ready.",
  paper_out: "The printer is out of paper. Load a new roll.",
  cover_open: "The printer's cover is open. Close it.",
  offline: "The printer does not answer. Check that it is on and connected.",
};

/** DLE EOT 1 (printer), DLE EOT 2 (offline cause), DLE EOT 4 (roll paper sensor). */
export const STATUS_QUERY = Uint8Array.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);

/**
 * The three status bytes, in the order asked. Every answer has bit 4 set and bit 7 clear;
 * anything else (or fewer than three bytes) means the printer is not answering as a printer.
 */
export function readStatus(answer: Uint8Array): PrinterStatus {
  const valid = (b: number | undefined) => b !== undefined && (b & 0x93) === 0x12;
  const [printer, offline, paper] = [answer[0], answer[1], answer[2]];
  if (!valid(printer) || !valid(offline) || !valid(paper)) return statusOf("offline");
  if ((paper! & 0x60) !== 0 || (offline! & 0x20) !== 0) return statusOf("paper_out");
  if ((offline! & 0x04) !== 0) return statusOf("cover_open");
  if ((printer! & 0x08) !== 0) return statusOf("offline");
  // DLE EOT 4, bits 2 and 3: the near-end sensor.
  if ((paper! & 0x0c) !== 0) return { state: "ready", message: PAPER_LOW_MESSAGE, paperLow: true };
  return statusOf("ready");
}

export function statusOf(state: PrinterState): PrinterStatus {
  return { state, message: STATUS_MESSAGES[state] };
}
