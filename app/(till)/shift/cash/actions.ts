"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { parseRandInput } from "@/lib/money";
import { recordCashMovement } from "@/lib/shifts/cash-movements";
import { cashMovementSchema } from "./schema";

export const recordCashMovementAction = staffAction(
  ["cashier"],
  cashMovementSchema,
  async (input, staff) => {
    const amountCents = parseRandInput(input.amount) ?? 0;
    const row = await recordCashMovement(staff, {
      kind: input.kind,
      amountCents,
      reason: input.reason,
    });
    revalidatePath("/shift/x");
    return { id: row.id, kind: row.kind, amountCents: row.amountCents };
  },
);
