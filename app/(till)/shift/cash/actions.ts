"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { parseRandInput } from "@/lib/money";
import { openDrawer } from "@/lib/printing/service";
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
    // The cash comes out of the drawer: the till's printer opens it (audited with the movement).
    const drawer = await openDrawer(staff, staff.till, {
      subject: `cash:${row.id}`,
      reason: row.kind,
    });
    return { id: row.id, kind: row.kind, amountCents: row.amountCents, drawer };
  },
);
