"use server";

import { revalidatePath } from "next/cache";
import { ActionError, staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { saveTillSettings } from "@/lib/office/till-settings";
import { tillSettingsActionSchema } from "./schema";

export const saveTillSettingsAction = staffAction(
  ["supervisor"],
  tillSettingsActionSchema,
  async (input, staff) => {
    const till = await saveTillSettings(actorOf(staff), input.tillId, input.settings);
    if (!till) throw new ActionError("This till is not enrolled any more.");
    revalidatePath(`/tills/${till.id}/settings`);
    return { paperWidthMm: till.paperWidthMm, autoPrint: till.autoPrint };
  },
);
