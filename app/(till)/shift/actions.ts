"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { openShift } from "@/lib/shifts/current";
import { parseRandInput } from "@/lib/money";
import { closeShift } from "@/lib/shifts/close";
import { closeShiftSchema, openShiftSchema } from "./schema";

export const openShiftAction = staffAction(["cashier"], openShiftSchema, async (input, staff) => {
  const shift = await openShift(staff, parseRandInput(input.openingFloat) ?? 0);
  revalidatePath("/till");
  return { shiftId: shift.id };
});

export const closeShiftAction = staffAction(["cashier"], closeShiftSchema, async (input, staff) => {
  const z = await closeShift(staff, input.counts);
  revalidatePath("/till");
  return { shiftId: z.shiftId, zNumber: z.zNumber };
});
