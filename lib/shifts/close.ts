import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, shifts } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import { countedTotal, type DenominationCounts } from "@/lib/reports/denominations";
import { currentShift } from "./current";
import { findShift, shiftReportNow, type ZReport } from "./report";

const UNIQUE_VIOLATION = "23505";
const MAX_NUMBERING_TRIES = 5;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * Close the till's open shift with the cash counted by denomination and write its Z report.
 * The Z number is max+1 taken inside the same UPDATE; two tills closing at once may pick
 * the same number, and the unique index makes the loser try again with the next one.
 */
export async function closeShift(staff: Staff, counts: DenominationCounts): Promise<ZReport> {
  const open = await currentShift(staff.till.id);
  if (!open) throw new ActionError("No shift is open at this till.");
  const database = await db();
  const [pending] = await database
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.shiftId, open.id), eq(sales.status, "pending")))
    .limit(1);
  // A sale still on its way would be left out of a report that can never change.
  if (pending) throw new ActionError("A sale is still being sent. Wait for it to finish, then close the shift.");
  const view = await findShift(open.id);
  const counted = countedTotal(counts);
  const report = await shiftReportNow(open, counted);
  const closedAt = new Date();
  const base: Omit<ZReport, "zNumber"> = {
    ...report,
    shiftId: open.id,
    tillName: view?.tillName ?? staff.till.name,
    openedBy: view?.openedBy ?? "",
    closedBy: staff.name,
    openedAt: open.openedAt.toISOString(),
    closedAt: closedAt.toISOString(),
    denominations: counts,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await database.execute(sql`
        with next_z as (select coalesce(max(${shifts.zNumber}), 0) + 1 as z from ${shifts})
        update ${shifts} set
          closed_at = ${closedAt.toISOString()}::timestamptz,
          closed_by = ${staff.userId}::uuid,
          counted_denominations = ${JSON.stringify(counts)}::jsonb,
          counted_cash_cents = ${counted},
          expected_cash_cents = ${report.expectedCashCents},
          z_number = next_z.z,
          z_report = ${JSON.stringify(base)}::jsonb || jsonb_build_object('zNumber', next_z.z)
        from next_z
        where ${shifts.id} = ${open.id}::uuid and ${shifts.closedAt} is null
        returning z_number`);
      const row = (result as unknown as { rows: { z_number: number }[] }).rows[0];
      if (!row) throw new ActionError("This shift was closed already.");
      const z: ZReport = { ...base, zNumber: row.z_number };
      await audit(actorOf(staff), "shift_closed", open.id, {
        zNumber: z.zNumber,
        expectedCashCents: z.expectedCashCents,
        countedCashCents: counted,
        varianceCents: z.varianceCents,
      });
      return z;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_NUMBERING_TRIES) throw error;
    }
  }
}
