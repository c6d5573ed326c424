/**
 * How a till reaches its receipt printer. Pure: the till settings form, the till's browser
 * and the server all read it.
 */
export const PRINTER_CONNECTIONS = ["browser", "usb", "serial", "network"] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];

export const CONNECTION_LABELS: Record<PrinterConnection, string> = {
  browser: "The browser's print (default)",
  usb: "USB printer, from this till's Chromium (WebUSB)",
  serial: "Serial printer, from this till's Chromium (Web Serial)",
  network: "Network printer (raw TCP, printed to by the Kassa server)",
};

/** The raw-TCP port of ESC/POS network printers (JetDirect / AppSocket). */
export const DEFAULT_PRINTER_PORT = 9100;

/** Characters across the paper in the printer's font A: 32 on a 58 mm roll, 48 on 80 mm. */
export function columnsFor(paperWidthMm: number): 32 | 48 {
  return paperWidthMm >= 80 ? 48 : 32;
}
