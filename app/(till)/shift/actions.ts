"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { openShift } from "@/lib/shifts/current";
import { parseRandInput } from "@/lib/money";
import { closeShift, forceCloseShift } from "@/lib/shifts/close";
import { closeShiftSchema, countsOf, forceCloseShiftSchema, openShiftSchema } from "./schema";

/** The cashier opens their own shift (their own drawer) at the till this browser is. */
export const openShiftAction = staffAction(["cashier"], openShiftSchema, async (input, staff) => {
  const shift = await openShift(staff, parseRandInput(input.openingFloat) ?? 0);
  revalidatePath("/till");
  return { shiftId: shift.id };
});

/** The cashier closes their own shift; the answer leads to the Z report, where the expected cash first appears. */
export const closeShiftAction = staffAction(["cashier"], closeShiftSchema, async (input, staff) => {
  const z = await closeShift(staff, input.shiftId, countsOf(input.counts));
  revalidatePath("/till");
  return { shiftId: z.shiftId, zNumber: z.zNumber };
});

/** A supervisor closes another cashier's open shift (hand-over or forgotten) with a count and a reason; audited. */
export const forceCloseShiftAction = staffAction(
  ["supervisor"],
  forceCloseShiftSchema,
  async (input, staff) => {
    const z = await forceCloseShift(staff, input.shiftId, countsOf(input.counts), input.reason);
    revalidatePath("/shifts");
    return { shiftId: z.shiftId, zNumber: z.zNumber };
  },
);
