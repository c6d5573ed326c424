import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, shifts, type Shift } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { rowsOf } from "@/lib/record/audit-rows";
import { auditFromRow } from "@/lib/record/audit-sql";
import { shiftStateSql } from "@/lib/record/drawer-state";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { approvalDetail, type Approved } from "@/lib/auth/approval";
import { countedTotal, type DenominationCounts } from "@/lib/reports/denominations";
import { currentShift } from "./current";
import { findShift, shiftReportNow, storedZReport, type ZReport } from "./report";

const UNIQUE_VIOLATION = "23505";
const MAX_NUMBERING_TRIES = 5;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * The cashier closes their own open shift at this till with the drawer counted (blind: the
 * expected cash is shown only after). `shiftId`, when given, is the shift the close page
 * showed: pressed again after an answer that never came, and that close went through, the
 * answer is the Z report it wrote (the first count stands: a Z report never changes).
 */
export async function closeShift(
  staff: Staff,
  shiftId: string | undefined,
  counts: DenominationCounts,
): Promise<ZReport> {
  const open = await currentShift(staff);
  if (open && (shiftId === undefined || open.id === shiftId))
    return closeShiftRow(open, staff, counts, null);
  const closed = shiftId ? await closedByThemselves(staff, shiftId) : null;
  if (closed) return closed;
  throw new ActionError(
    open
      ? "This page is of a shift that is no longer open: reload it to close the one open now."
      : "You have no shift open at this till.",
  );
}

/** The caller's own shift `shiftId`, closed by them (not by a supervisor): its Z report. */
async function closedByThemselves(staff: Staff, shiftId: string): Promise<ZReport | null> {
  const database = await db();
  const [shift] = await database
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.id, shiftId),
        eq(shifts.userId, staff.userId),
        eq(shifts.closedBy, staff.userId),
        isNull(shifts.forceCloseReason),
      ),
    )
    .limit(1);
  return shift ? storedZReport(shift) : null;
}

/**
 * A supervisor closes someone else's open shift with the drawer counted and a reason: a
 * hand-over to the next cashier, or a shift left open. Audited as a forced close.
 */
export async function forceCloseShift(
  supervisor: Approved,
  shiftId: string,
  counts: DenominationCounts,
  reason: string,
): Promise<ZReport> {
  const database = await db();
  const [open] = await database
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), isNull(shifts.closedAt)))
    .limit(1);
  if (!open) throw new ActionError("This shift is not open (closed already?).");
  const z = await closeShiftRow(open, supervisor, counts, reason);
  await audit(actorOf(supervisor), "shift_force_closed", open.id, {
    cashierId: open.userId,
    tillId: open.tillId,
    reason,
    zNumber: z.zNumber,
    countedCashCents: z.countedCashCents,
    varianceCents: z.varianceCents,
    ...approvalDetail(supervisor),
  });
  return z;
}

/**
 * Close an open shift with the cash counted by denomination and write its Z report.
 * The Z number is max+1 taken inside the same UPDATE; two tills closing at once may pick
 * the same number, and the unique index makes the loser try again with the next one.
 */
async function closeShiftRow(
  open: Shift,
  staff: Staff,
  counts: DenominationCounts,
  reason: string | null,
): Promise<ZReport> {
  const database = await db();
  const [pending] = await database
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.shiftId, open.id), eq(sales.status, "pending")))
    .limit(1);
  // A sale still on its way would be left out of a report that can never change.
  if (pending)
    throw new ActionError(
      "A sale is still being sent. Wait for it to finish, then close the shift.",
    );
  const view = await findShift(open.id);
  const counted = countedTotal(counts);
  const report = await shiftReportNow(open, counted);
  const closedAt = new Date();
  const base: Omit<ZReport, "zNumber"> = {
    ...report,
    shiftId: open.id,
    tillName: view?.tillName ?? open.tillId,
    openedBy: view?.openedBy ?? "",
    closedBy: staff.name,
    openedAt: open.openedAt.toISOString(),
    closedAt: closedAt.toISOString(),
    denominations: counts,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      // The close and its audit event (with the closed shift's state, for the record) in one
      // statement: a Z number taken twice fails both, and the loop tries the next number.
      const [row] = rowsOf<{ z_number: number }>(
        await database.execute(sql`
        with next_z as (select coalesce(max(${shifts.zNumber}), 0) + 1 as z from ${shifts}),
        s as (
          update ${shifts} set
            closed_at = ${closedAt.toISOString()}::timestamptz,
            closed_by = ${staff.userId}::uuid,
            counted_denominations = ${JSON.stringify(counts)}::jsonb,
            counted_cash_cents = ${counted},
            expected_cash_cents = ${report.expectedCashCents},
            z_number = next_z.z,
            force_close_reason = ${reason},
            z_report = ${JSON.stringify(base)}::jsonb || jsonb_build_object('zNumber', next_z.z)
          from next_z
          where ${shifts.id} = ${open.id}::uuid and ${shifts.closedAt} is null
          returning ${shifts}.*
        ), a as (${auditFromRow(
          actorOf(staff),
          "shift_closed",
          "s",
          sql`s.id::text`,
          sql`jsonb_build_object('zNumber', s.z_number, 'expectedCashCents', s.expected_cash_cents,
            'countedCashCents', s.counted_cash_cents, 'varianceCents', ${report.varianceCents}::int,
            'state', ${shiftStateSql("s")})`,
        )})
        select z_number from s`),
      );
      if (!row) throw new ActionError("This shift was closed already.");
      const z: ZReport = { ...base, zNumber: row.z_number };
      return z;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_NUMBERING_TRIES) throw error;
    }
  }
}
