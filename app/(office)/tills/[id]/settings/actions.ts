"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { actorOf } from "@/lib/auth/actor";
import { findTill, saveTillSettings } from "@/lib/office/till-settings";
import { openDrawer } from "@/lib/printing/service";
import { openDrawerSchema, tillSettingsActionSchema } from "./schema";

export const saveTillSettingsAction = staffAction(
  ["supervisor"],
  tillSettingsActionSchema,
  async (input, staff) => {
    const till = await saveTillSettings(actorOf(staff), input.tillId, input.settings);
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
