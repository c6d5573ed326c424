"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { addRate, enterStatement, withdrawRate } from "@/lib/commission/rates";
import { ActionError } from "@/lib/errors";
import { parseRandInput } from "@/lib/money";
import {
  addRateSchema,
  basisPointsOf,
  saLocalToDate,
  statementSchema,
  withdrawRateSchema,
} from "./schema";

export const addRateAction = staffAction(["supervisor"], addRateSchema, async (input, staff) => {
  const row = await addRate(actorOf(staff), {
    kind: input.kind,
    municipality: input.municipality || null,
    category: input.category || null,
    productId: input.productId || null,
    basisPoints: basisPointsOf(input.percent) ?? 0,
    fixedCents: parseRandInput(input.fixed || "0") ?? 0,
    effectiveFrom: input.effectiveFrom ? saLocalToDate(input.effectiveFrom) : null,
  }).catch((error: unknown) => {
    // The past is refused next to the field that chose it.
    if (error instanceof ActionError) throw new ActionError(error.message, "effectiveFrom");
    throw error;
  });
  revalidatePath("/commission");
  return { id: row.id };
});

export const withdrawRateAction = staffAction(
  ["supervisor"],
  withdrawRateSchema,
  async (input, staff) => {
    if (!(await withdrawRate(actorOf(staff), input.id)))
      throw new ActionError("Only a rate that has not taken effect yet can be withdrawn.");
    revalidatePath("/commission");
    return { id: input.id };
  },
);

export const statementAction = staffAction(
  ["supervisor"],
  statementSchema,
  async (input, staff) => {
    await enterStatement(actorOf(staff), input.month, parseRandInput(input.stated) ?? 0);
    revalidatePath("/commission");
    return { month: input.month };
  },
);
