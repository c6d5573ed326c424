import "server-only";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { staffSessions, users, type Role } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { hashPassword } from "@/lib/auth/password";

export interface UserRow {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  disabled: boolean;
  lockedUntil: Date | null;
  failedAttempts: number;
  locked: boolean;
}

export async function listUsers(now: Date = new Date()): Promise<UserRow[]> {
  const database = await db();
  const rows = await database
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      role: users.role,
      disabled: users.disabled,
      lockedUntil: users.lockedUntil,
      failedAttempts: users.failedAttempts,
    })
    .from(users)
    .orderBy(asc(users.role), asc(users.username));
  return rows.map((u) => ({
    ...u,
    locked: u.lockedUntil !== null && u.lockedUntil.getTime() > now.getTime(),
  }));
}

export async function createUser(
  staff: Staff,
  input: { username: string; displayName: string; role: Role; password: string },
) {
  const database = await db();
  const [row] = await database
    .insert(users)
    .values({
      username: input.username,
      displayName: input.displayName,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!row) throw new ActionError("That user name is taken.", "username");
  await audit(actorOf(staff), "user_created", input.username, {
    userId: row.id,
    role: input.role,
    displayName: input.displayName,
  });
  return { userId: row.id };
}

async function endSessions(userId: string, keepSessionId?: string) {
  const database = await db();
  await database
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.endedAt),
        keepSessionId ? ne(staffSessions.id, keepSessionId) : undefined,
      ),
    );
}

async function target(userId: string) {
  const database = await db();
  const [row] = await database.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new ActionError("No such user.");
  return row;
}

/** A new password; the user's other sessions end so the old password's sessions cannot go on. */
export async function resetPassword(staff: Staff, userId: string, password: string) {
  const user = await target(userId);
  const database = await db();
  await database
    .update(users)
    .set({ passwordHash: await hashPassword(password), failedAttempts: 0, lockedUntil: null })
    .where(eq(users.id, userId));
  await endSessions(userId, staff.sessionId);
  await audit(actorOf(staff), "user_changed", user.username, { userId, change: "password_reset" });
}

export async function unlockUser(staff: Staff, userId: string) {
  const user = await target(userId);
  const database = await db();
  await database
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null })
    .where(eq(users.id, userId));
  await audit(actorOf(staff), "user_changed", user.username, { userId, change: "unlocked" });
}

/**
 * Disable (ending every session at once) or enable a user. The last active supervisor
 * cannot be disabled: the check and the update run in one transaction with the active
 * supervisors' rows locked, so two supervisors cannot disable each other at once.
 */
export async function setDisabled(staff: Staff, userId: string, disabled: boolean) {
  const user = await target(userId);
  const database = await db();
  await database.transaction(async (tx) => {
    if (disabled && user.role === "supervisor") {
      const active = await tx.execute(
        sql`select id from ${users} where role = 'supervisor' and not disabled for update`,
      );
      const others = (active as unknown as { rows: { id: string }[] }).rows.filter(
        (r) => r.id !== userId,
      );
      if (others.length === 0)
        throw new ActionError("This is the last active supervisor: it cannot be disabled.");
    }
    await tx.update(users).set({ disabled }).where(eq(users.id, userId));
  });
  if (disabled) await endSessions(userId);
  await audit(actorOf(staff), "user_changed", user.username, {
    userId,
    change: disabled ? "disabled" : "enabled",
  });
}
