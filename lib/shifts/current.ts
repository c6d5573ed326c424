import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { shifts, type Shift } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
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
  const [row] = await database
    .insert(shifts)
    .values({ userId: staff.userId, tillId: staff.till.id, openingFloatCents })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ActionError("You already have a shift open at this till.");
  await audit(actorOf(staff), "shift_opened", row.id, { openingFloatCents });
  return row;
}
