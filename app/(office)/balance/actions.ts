"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { parseRandInput } from "@/lib/money";
import { setLowBalanceThreshold } from "@/lib/office/settings";
import { lowBalanceSchema } from "./schema";

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
