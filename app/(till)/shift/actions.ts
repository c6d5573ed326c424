"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { openShift } from "@/lib/shifts/current";
import { parseRandInput } from "@/lib/money";
import { openShiftSchema } from "./schema";

export const openShiftAction = staffAction(["cashier"], openShiftSchema, async (input, staff) => {
  const shift = await openShift(staff, parseRandInput(input.openingFloat) ?? 0);
  revalidatePath("/till");
  return { shiftId: shift.id };
});
