"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { confirmStepUp } from "@/lib/auth/step-up";
import { ActionError } from "@/lib/errors";
import { findTill, saveTillSettings } from "@/lib/office/till-settings";
import { env } from "@/lib/env";
import { DEFAULT_PRINTER_PORT } from "@/lib/printing/connection";
import { openDrawer } from "@/lib/printing/service";
import { checkPrinterTarget } from "@/lib/printing/target";
import { openDrawerSchema, tillSettingsActionSchema } from "./schema";

export const saveTillSettingsAction = staffAction(
  ["supervisor"],
  tillSettingsActionSchema,
  async (input, staff) => {
    const { settings } = input;
    if (settings.printerConnection === "network") {
      // Where the Kassa server itself will connect: never its own services or other hosts.
      const target = await checkPrinterTarget(
        settings.printerHost,
        Number(settings.printerPort || DEFAULT_PRINTER_PORT),
        env().printerPolicy,
      );
      if (!target.ok) throw new ActionError(target.message, `settings.${target.field}`);
    }
    // The address is checked first: a wrong one costs no confirmation.
    const approved = await confirmStepUp(staff, input.confirm, "till_settings");
    const till = await saveTillSettings(approved, input.tillId, settings);
    if (!till) throw new ActionError("This till is not enrolled any more.");
    revalidatePath(`/tills/${till.id}/settings`);
    return {
      paperWidthMm: till.paperWidthMm,
      autoPrint: till.autoPrint,
      printerConnection: till.printerConnection,
    };
  },
);

/** Opens a till's cash drawer without a sale: a supervisor only, with a reason, audited. */
export const openDrawerAction = staffAction(
  ["supervisor"],
  openDrawerSchema,
  async (input, staff) => {
    const till = await findTill(input.tillId);
    if (!till) throw new ActionError("This till is not enrolled any more.");
    if (till.printerConnection === "browser")
      throw new ActionError("This till prints with the browser: it has no drawer Kassa can open.");
    return openDrawer(staff, till, {
      subject: `till:${till.id}`,
      reason: `no_sale: ${input.reason}`,
    });
  },
);
