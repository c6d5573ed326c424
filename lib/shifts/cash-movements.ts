import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cashMovements, type CashMovement, type CashMovementKind } from "@/lib/db/schema";
import { rowsOf } from "@/lib/record/audit-rows";
import { auditFromRow } from "@/lib/record/audit-sql";
import { cashMovementStateSql } from "@/lib/record/drawer-state";
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
  // The movement and its audit event (with the movement's state, for the record) in one statement.
  const [written] = rowsOf<{ id: string }>(
    await database.execute(sql`
      with m as (
        insert into ${cashMovements} (shift_id, till_id, user_id, kind, amount_cents, reason)
        values (${shift.id}::uuid, ${staff.till.id}, ${staff.userId}::uuid, ${input.kind},
          ${input.amountCents}, ${input.reason})
        returning *
      ), a as (${auditFromRow(
        actorOf(staff),
        input.kind === "drop" ? "cash_dropped" : "cash_paid_out",
        "m",
        sql`m.id::text`,
        sql`jsonb_build_object('shiftId', m.shift_id, 'amountCents', m.amount_cents, 'state', ${cashMovementStateSql("m")})`,
      )})
      select id::text as id from m`),
  );
  if (!written) throw new Error("cash movement not written");
  const [row] = await database
    .select()
    .from(cashMovements)
    .where(eq(cashMovements.id, written.id))
    .limit(1);
  return row!;
}
