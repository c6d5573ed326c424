"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { printerStatusAction } from "@/lib/actions/print";
import type { PrinterConnection } from "@/lib/printing/connection";
import type { PrinterFact } from "@/components/till/notices";
import { isPaired } from "./pairing";

/** How often the till asks its printer while nothing else happens. */
const EVERY_MS = 20_000;
/** How soon it asks again while the server's first question to a network printer is on its way. */
const PENDING_MS = 2_000;

type Printer = PrinterFact & { pending: boolean };

/** Asks the printer once; a question that fails says nothing (the next one may answer). */
async function askPrinter(connection: PrinterConnection): Promise<Printer> {
  if (connection === "network") {
    // The server answers what it last learnt in the background, never waiting on the printer.
    const result = await printerStatusAction({}).catch(() => null);
    const known = result?.ok ? result.data : null;
    return { unpaired: false, status: known?.status ?? null, pending: known?.pending ?? false };
  }
  if (connection !== "usb" && connection !== "serial")
    return { unpaired: false, status: null, pending: false };
  if (!isPaired(connection)) return { unpaired: true, status: null, pending: false };
  const { webPrinterStatus } = await import("./web-printer");
  const status = await webPrinterStatus(connection).catch(() => null);
  return { unpaired: false, status, pending: false };
}

/**
 * The till's printer as the cashier must know it before the next sale (paper out, cover open,
 * not answering, not paired), for the till's notices. Network printers are asked by the server;
 * USB and serial printers by this browser (the printer code loads only for them), which also
 * offers Chromium's chooser to pair one.
 */
export function usePrinter(
  connection: PrinterConnection,
  /** False on a till set to "printer does not answer status": nothing to ask. */
  answersStatus: boolean,
): { printer: PrinterFact | null; pair(): Promise<void> } {
  const queryClient = useQueryClient();
  const queryKey = ["printer", connection];
  const { data } = useQuery({
    queryKey,
    queryFn: () => askPrinter(connection),
    enabled: connection !== "browser" && answersStatus,
    refetchInterval: (query) => (query.state.data?.pending ? PENDING_MS : EVERY_MS),
    refetchOnWindowFocus: "always",
  });

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

  return { printer: data ? { unpaired: data.unpaired, status: data.status } : null, pair };
}
