import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { shifts, type Shift } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { ActionError } from "@/lib/auth/action";
import type { Cents } from "@/lib/money";

/** The open shift at this till, if any. One open shift per till (a partial unique index). */
export async function currentShift(tillId: string): Promise<Shift | undefined> {
  const database = await db();
  const [row] = await database
    .select()
    .from(shifts)
    .where(and(eq(shifts.tillId, tillId), isNull(shifts.closedAt)))
    .limit(1);
  return row;
}

/** No sale without an open shift: counter sales call this first. Kiosk sales have no shift. */
export async function requireOpenShift(staff: Staff): Promise<Shift | null> {
  if (staff.role === "kiosk") return null;
  const shift = await currentShift(staff.till.id);
  if (!shift) throw new ActionError("Open a shift before selling.");
  return shift;
}

export async function openShift(staff: Staff, openingFloatCents: Cents): Promise<Shift> {
  const existing = await currentShift(staff.till.id);
  if (existing) throw new ActionError("A shift is already open at this till.");
  const database = await db();
  const [row] = await database
    .insert(shifts)
    .values({ userId: staff.userId, tillId: staff.till.id, openingFloatCents })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ActionError("A shift is already open at this till.");
  await audit(actorOf(staff), "shift_opened", row.id, { openingFloatCents });
  return row;
}
