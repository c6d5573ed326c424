"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { confirmStepUp } from "@/lib/auth/step-up";
import { openShift } from "@/lib/shifts/current";
import { parseRandInput } from "@/lib/money";
import { closeShift, forceCloseShift } from "@/lib/shifts/close";
import { sealZReport } from "@/lib/record/z-checkpoint";
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
  // The Z report the cashier sees next carries the record's signed checkpoint of this close.
  await sealZReport(z.zNumber);
  revalidatePath("/till");
  return { shiftId: z.shiftId, zNumber: z.zNumber };
});

/** A supervisor closes another cashier's open shift (hand-over or forgotten) with a count and a reason; audited. */
export const forceCloseShiftAction = staffAction(
  ["supervisor"],
  forceCloseShiftSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "force_close");
    const z = await forceCloseShift(approved, input.shiftId, countsOf(input.counts), input.reason);
    await sealZReport(z.zNumber);
    revalidatePath("/shifts");
    return { shiftId: z.shiftId, zNumber: z.zNumber };
  },
);
