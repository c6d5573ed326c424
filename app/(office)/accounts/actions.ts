"use server";

import { revalidatePath } from "next/cache";
import { accountMappingSchema } from "@/lib/accounting/mapping";
import { setAccountMapping } from "@/lib/accounting/mapping-store";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";

export const setAccountMappingAction = staffAction(
  ["supervisor"],
  accountMappingSchema,
  async (input, staff) => {
    await setAccountMapping(actorOf(staff), input);
    revalidatePath("/accounts");
    return { saved: true };
  },
);
