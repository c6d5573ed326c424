"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { parseRandInput } from "@/lib/money";
import { setLowBalanceThreshold, setRunwayWarnHours } from "@/lib/office/settings";
import { lowBalanceSchema, runwayWarnSchema } from "./schema";

export const setLowBalanceAction = staffAction(
  ["supervisor"],
  lowBalanceSchema,
  async (input, staff) => {
    const cents = parseRandInput(input.threshold) ?? 0;
    await setLowBalanceThreshold(actorOf(staff), cents);
    revalidatePath("/", "layout");
    return { thresholdCents: cents };
  },
);

export const setRunwayWarnAction = staffAction(
  ["supervisor"],
  runwayWarnSchema,
  async (input, staff) => {
    await setRunwayWarnHours(actorOf(staff), Number(input.hours));
    revalidatePath("/", "layout");
    return { hours: Number(input.hours) };
  },
);
