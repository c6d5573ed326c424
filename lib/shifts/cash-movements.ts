import "server-only";
import { db } from "@/lib/db";
import { cashMovements, type CashMovement, type CashMovementKind } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import type { Cents } from "@/lib/money";
import { currentShift } from "./current";
import { shiftReportNow } from "./report";

/**
 * A drop to the safe or a pay-out from the open shift at the cashier's own till. Only the
 * shift's owner takes cash out of its drawer, and never more than the drawer should hold.
 */
export async function recordCashMovement(
  staff: Staff,
  input: { kind: CashMovementKind; amountCents: Cents; reason: string },
): Promise<CashMovement> {
  const shift = await currentShift(staff);
  if (!shift) throw new ActionError("Open a shift before taking cash out of the drawer.");
  if (shift.userId !== staff.userId)
    throw new ActionError(
      "Only the cashier who opened this shift can take cash out of its drawer.",
    );
  const report = await shiftReportNow(shift);
  if (input.amountCents > report.expectedCashCents) {
    throw new ActionError(
      "That is more than the drawer should hold. Count the drawer and check the amount.",
      "amount",
    );
  }
  const database = await db();
  const [row] = await database
    .insert(cashMovements)
    .values({ shiftId: shift.id, tillId: staff.till.id, userId: staff.userId, ...input })
    .returning();
  if (!row) throw new Error("cash movement not written");
  await audit(actorOf(staff), input.kind === "drop" ? "cash_dropped" : "cash_paid_out", row.id, {
    shiftId: shift.id,
    amountCents: input.amountCents,
  });
  return row;
}
