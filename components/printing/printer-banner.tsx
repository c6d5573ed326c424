"use client";

import { useCallback, useEffect, useState } from "react";
import { printerStatusAction } from "@/lib/actions/print";
import type { PrinterConnection } from "@/lib/printing/connection";
import type { PrinterStatus } from "@/lib/printing/status";
import { isPaired, NOT_PAIRED } from "./pairing";

/** How often the till asks its printer while nothing else happens. */
const EVERY_MS = 20_000;

/**
 * The till's printer as the cashier must know it before the next sale: paper out, cover open
 * or not answering, said at the top of every till screen. Network printers are asked by the
 * server; USB and serial printers by this browser (the printer code loads only for them),
 * which also offers Chromium's chooser to pair one.
 */
export function PrinterBanner({ connection }: { connection: PrinterConnection }) {
  const [status, setStatus] = useState<PrinterStatus | null>(null);
  const [unpaired, setUnpaired] = useState(false);

  const check = useCallback(async (): Promise<PrinterStatus | null> => {
    if (connection === "browser") return null;
    if (connection === "network") {
      const result = await printerStatusAction({});
      return result.ok ? result.data : null;
    }
    if (!isPaired(connection)) {
      setUnpaired(true);
      return null;
    }
    setUnpaired(false);
    const { webPrinterStatus } = await import("./web-printer");
    return webPrinterStatus(connection);
  }, [connection]);

  useEffect(() => {
    if (connection === "browser") return;
    let alive = true;
    const run = () =>
      void check()
        .catch(() => null)
        .then((next) => alive && setStatus(next));
    run();
    const timer = setInterval(run, EVERY_MS);
    window.addEventListener("focus", run);
    // A print that failed or went through says so at once (TillPrint).
    window.addEventListener("kassa:printer", run);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener("focus", run);
      window.removeEventListener("kassa:printer", run);
    };
  }, [connection, check]);

  async function pair() {
    if (connection !== "usb" && connection !== "serial") return;
    const { pairWebPrinter, webPrinterStatus } = await import("./web-printer");
    if (await pairWebPrinter(connection)) {
      setUnpaired(false);
      setStatus(await webPrinterStatus(connection));
    }
  }

  if (unpaired)
    return (
      <div
        role="alert"
        data-testid="printer-banner"
        data-state="unpaired"
        className="no-print mb-3 flex flex-wrap items-center gap-3 rounded-lg border-2 border-danger bg-white p-3"
      >
        <p className="font-semibold text-danger">Printer: {NOT_PAIRED}</p>
        <button
          type="button"
          onClick={() => void pair()}
          className="min-h-11 rounded-lg border border-brand px-4 py-2 text-brand"
        >
          Pair printer
        </button>
      </div>
    );
  if (!status || status.state === "ready") return null;
  return (
    <p
      role="alert"
      data-testid="printer-banner"
      data-state={status.state}
      className="no-print mb-3 rounded-lg border-2 border-danger bg-white p-3 font-semibold text-danger"
    >
      Printer: {status.message}
    </p>
  );
}
