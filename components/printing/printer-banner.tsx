"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { printerStatusAction } from "@/lib/actions/print";
import type { PrinterConnection } from "@/lib/printing/connection";
import type { PrinterStatus } from "@/lib/printing/status";
import { isPaired, NOT_PAIRED } from "./pairing";

/** How often the till asks its printer while nothing else happens. */
const EVERY_MS = 20_000;

interface Printer {
  unpaired: boolean;
  status: PrinterStatus | null;
}

/** Asks the printer once; a question that fails says nothing (the next one may answer). */
async function askPrinter(connection: PrinterConnection): Promise<Printer> {
  if (connection === "network") {
    const result = await printerStatusAction({}).catch(() => null);
    return { unpaired: false, status: result?.ok ? result.data : null };
  }
  if (connection !== "usb" && connection !== "serial") return { unpaired: false, status: null };
  if (!isPaired(connection)) return { unpaired: true, status: null };
  const { webPrinterStatus } = await import("./web-printer");
  return { unpaired: false, status: await webPrinterStatus(connection).catch(() => null) };
}

/**
 * The till's printer as the cashier must know it before the next sale: paper out, cover open
 * or not answering, said at the top of every till screen. Network printers are asked by the
 * server; USB and serial printers by this browser (the printer code loads only for them),
 * which also offers Chromium's chooser to pair one.
 */
export function PrinterBanner({ connection }: { connection: PrinterConnection }) {
  const queryClient = useQueryClient();
  const queryKey = ["printer", connection];
  const { data } = useQuery({
    queryKey,
    queryFn: () => askPrinter(connection),
    enabled: connection !== "browser",
    refetchInterval: EVERY_MS,
    refetchOnWindowFocus: "always",
  });
  const { unpaired = false, status = null } = data ?? {};

  // A print that failed or went through says so at once (TillPrint).
  useEffect(() => {
    const ask = () => void queryClient.invalidateQueries({ queryKey: ["printer"] });
    window.addEventListener("kassa:printer", ask);
    return () => window.removeEventListener("kassa:printer", ask);
  }, [queryClient]);

  async function pair() {
    if (connection !== "usb" && connection !== "serial") return;
    const { pairWebPrinter } = await import("./web-printer");
    if (await pairWebPrinter(connection)) await queryClient.invalidateQueries({ queryKey });
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
