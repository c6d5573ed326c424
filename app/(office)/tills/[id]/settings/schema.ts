import * as z from "zod/mini";
import {
  PRINTER_HOST_MESSAGE,
  PRINTER_PORT_MESSAGE,
  validPrinterHost,
  validPrinterPort,
} from "@/lib/printing/address";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";
import { PRINTER_CONNECTIONS } from "@/lib/printing/connection";

/** Thermal rolls Kassa prints on. */
export const PAPER_WIDTHS = ["58", "80"] as const;

/**
 * A till's printing: shared by the settings form (browser) and its server action. A network
 * printer needs an address written as one; whether the server may connect there (the
 * operator's KASSA_PRINTER_HOSTS and KASSA_PRINTER_PORTS, the name resolved) is the server
 * action's check (lib/printing/target.ts), said next to the same fields. The other
 * connections keep no address.
 */
export const tillSettingsSchema = z
  .object({
    paperWidthMm: z.enum(PAPER_WIDTHS, { error: "Choose 58 mm or 80 mm paper." }),
    autoPrint: z.boolean(),
    printerConnection: z.enum(PRINTER_CONNECTIONS, { error: "Choose how this till prints." }),
    printerHost: z.string().check(z.maxLength(253, PRINTER_HOST_MESSAGE), z.trim()),
    printerPort: z.string().check(z.maxLength(5, PRINTER_PORT_MESSAGE), z.trim()),
    /** Unticked for a printer (a network print server) that never answers DLE EOT. */
    printerAnswersStatus: z.boolean(),
  })
  .check(
    z.refine((v) => v.printerConnection !== "network" || validPrinterHost(v.printerHost), {
      message: PRINTER_HOST_MESSAGE,
      path: ["printerHost"],
    }),
    z.refine(
      (v) =>
        v.printerConnection !== "network" ||
        v.printerPort === "" ||
        (/^\d+$/.test(v.printerPort) && validPrinterPort(Number(v.printerPort))),
      { message: PRINTER_PORT_MESSAGE, path: ["printerPort"] },
    ),
  );
export type TillSettingsInput = z.infer<typeof tillSettingsSchema>;

export const tillSettingsActionSchema = z.object({
  tillId: z.string().check(z.minLength(1), z.maxLength(64)),
  settings: tillSettingsSchema,
  confirm: stepUpConfirm,
});

/** A supervisor's "open drawer" without a sale: the reason stands in the audit log. */
export const openDrawerSchema = z.object({
  tillId: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, "Say why the drawer is opened (at least 3 characters)."),
      z.maxLength(200, "Keep the reason under 200 characters."),
    ),
});
export type OpenDrawerInput = z.infer<typeof openDrawerSchema>;
