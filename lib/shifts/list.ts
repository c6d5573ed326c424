import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { shifts, tills, users } from "@/lib/db/schema";

/** Shifts, newest first, with their till and who opened them, for the supervisor's list. */
export async function listShifts(limit = 200) {
  const database = await db();
  return database
    .select({ shift: shifts, tillName: tills.name, openedBy: users.displayName })
    .from(shifts)
    .innerJoin(tills, eq(tills.id, shifts.tillId))
    .innerJoin(users, eq(users.id, shifts.userId))
    .orderBy(desc(shifts.openedAt))
    .limit(limit);
}
