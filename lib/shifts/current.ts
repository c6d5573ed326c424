import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { shifts, type Shift } from "@/lib/db/schema";
import { rowsOf } from "@/lib/record/audit-rows";
import { auditFromRow } from "@/lib/record/audit-sql";
import { shiftStateSql } from "@/lib/record/drawer-state";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { ActionError } from "@/lib/errors";
import type { Cents } from "@/lib/money";

/**
 * This cashier's open shift at this till, if any. A shift belongs to one cashier at one till
 * (one drawer per cashier; a partial unique index keeps it to one open shift per pair): a
 * colleague's open shift at the same till is never "the current shift".
 */
export async function currentShift(
  staff: Pick<Staff, "userId" | "till">,
): Promise<Shift | undefined> {
  const database = await db();
  const [row] = await database
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.tillId, staff.till.id),
        eq(shifts.userId, staff.userId),
        isNull(shifts.closedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function openShift(staff: Staff, openingFloatCents: Cents): Promise<Shift> {
  const existing = await currentShift(staff);
  if (existing) throw new ActionError("You already have a shift open at this till.");
  const database = await db();
  // The shift and its audit event (with the shift's state, for the record) in one statement.
  const [opened] = rowsOf<{ id: string }>(
    await database.execute(sql`
      with s as (
        insert into ${shifts} (user_id, till_id, opening_float_cents)
        values (${staff.userId}::uuid, ${staff.till.id}, ${openingFloatCents})
        on conflict do nothing returning *
      ), a as (${auditFromRow(
        actorOf(staff),
        "shift_opened",
        "s",
        sql`s.id::text`,
        sql`jsonb_build_object('openingFloatCents', s.opening_float_cents, 'state', ${shiftStateSql("s")})`,
      )})
      select id::text as id from s`),
  );
  if (!opened) throw new ActionError("You already have a shift open at this till.");
  const [row] = await database.select().from(shifts).where(eq(shifts.id, opened.id)).limit(1);
  return row!;
}
