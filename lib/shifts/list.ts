import "server-only";
import { and, desc, eq, gte, isNotNull, lt } from "drizzle-orm";
import { db } from "@/lib/db";
import type { Db } from "@/lib/db/open";
import { shifts, tills, users } from "@/lib/db/schema";
import type { ZReport } from "./report";

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

/** The Z reports of shifts closed in [start, end), by Z number, each with its shift's id. */
export async function zReportsClosedIn(
  database: Db,
  range: { start: Date; end: Date },
): Promise<{ shiftId: string; report: ZReport }[]> {
  const rows = await database
    .select({ id: shifts.id, z: shifts.zReport })
    .from(shifts)
    .where(
      and(
        isNotNull(shifts.zReport),
        gte(shifts.closedAt, range.start),
        lt(shifts.closedAt, range.end),
      ),
    )
    .orderBy(shifts.zNumber);
  return rows.map(({ id, z }) => ({ shiftId: id, report: z as ZReport }));
}
