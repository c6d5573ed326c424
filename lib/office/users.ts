import "server-only";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { staffSessions, users, type Role } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { approvalDetail, type Approved } from "@/lib/auth/approval";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { passwordProblem } from "@/lib/auth/password-strength";

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

/** Refuses a weak password next to its field (lib/auth/password-strength.ts). */
function refuseWeak(password: string, username: string) {
  const problem = passwordProblem(password, username);
  if (problem) throw new ActionError(problem, "password");
}

export async function createUser(
  staff: Approved,
  input: { username: string; displayName: string; role: Role; password: string },
) {
  refuseWeak(input.password, input.username);
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
    ...approvalDetail(staff),
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
export async function resetPassword(staff: Approved, userId: string, password: string) {
  const user = await target(userId);
  refuseWeak(password, user.username);
  const database = await db();
  await database
    .update(users)
    .set({ passwordHash: await hashPassword(password), failedAttempts: 0, lockedUntil: null })
    .where(eq(users.id, userId));
  await endSessions(userId, staff.sessionId);
  await audit(actorOf(staff), "user_changed", user.username, {
    userId,
    change: "password_reset",
    ...approvalDetail(staff),
  });
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

/** Taking away one's own office (disable, or a role other than supervisor) needs an explicit yes. */
function refuseUnconfirmedSelf(staff: Staff, userId: string, confirmSelf: boolean, what: string) {
  if (userId === staff.userId && !confirmSelf)
    throw new ActionError(
      `${what} your own account signs you out of the office at once. Confirm it to go ahead.`,
      undefined,
      { code: "confirm_self" },
    );
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof db>>["transaction"]>[0]>[0];

/**
 * Refuses when `userId` is the last active supervisor. The active supervisors' rows are locked
 * (FOR UPDATE) in the caller's transaction, so two supervisors cannot take each other away at once.
 */
async function keepAnotherSupervisor(tx: Tx, userId: string, message: string) {
  const active = await tx.execute(
    sql`select id from ${users} where role = 'supervisor' and not disabled for update`,
  );
  const others = (active as unknown as { rows: { id: string }[] }).rows.filter(
    (r) => r.id !== userId,
  );
  if (others.length === 0) throw new ActionError(message);
}

/**
 * Disable (ending every session at once) or enable a user. The last active supervisor can
 * never be disabled; one's own account only with `confirmSelf` (the page asks first).
 */
export async function setDisabled(
  staff: Approved,
  userId: string,
  disabled: boolean,
  { confirmSelf = false }: { confirmSelf?: boolean } = {},
) {
  const user = await target(userId);
  const database = await db();
  await database.transaction(async (tx) => {
    // The last supervisor first: no yes can change that answer.
    if (disabled && user.role === "supervisor" && !user.disabled)
      await keepAnotherSupervisor(
        tx,
        userId,
        "This is the last active supervisor: it cannot be disabled.",
      );
    if (disabled) refuseUnconfirmedSelf(staff, userId, confirmSelf, "Disabling");
    await tx.update(users).set({ disabled }).where(eq(users.id, userId));
  });
  if (disabled) await endSessions(userId);
  await audit(actorOf(staff), "user_changed", user.username, {
    userId,
    change: disabled ? "disabled" : "enabled",
    ...approvalDetail(staff),
  });
}

/**
 * A user changes their own password: the current one first (a till left signed in must not
 * let the next person take the account), the new one under the same rules as a reset. Their
 * other sessions end; audited without either password.
 */
export async function changeOwnPassword(
  staff: Staff,
  input: { currentPassword: string; newPassword: string },
) {
  const user = await target(staff.userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(actorOf(staff), "user_changed", user.username, {
      userId: user.id,
      change: "own_password_refused",
    });
    throw new ActionError("That is not your current password.", "currentPassword");
  }
  const problem = passwordProblem(input.newPassword, user.username);
  if (problem) throw new ActionError(problem, "newPassword");
  if (input.newPassword === input.currentPassword)
    throw new ActionError("Choose a password you have not used here.", "newPassword");
  const database = await db();
  await database
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, user.id));
  await endSessions(user.id, staff.sessionId);
  await audit(actorOf(staff), "user_changed", user.username, {
    userId: user.id,
    change: "own_password_changed",
  });
}

/**
 * A new role. The user's sessions end (they sign in again as what they now are). The last
 * active supervisor can never stop being one; one's own role only with `confirmSelf`.
 */
export async function setRole(
  staff: Approved,
  userId: string,
  role: Role,
  { confirmSelf = false }: { confirmSelf?: boolean } = {},
) {
  const user = await target(userId);
  if (user.role === role) return;
  const database = await db();
  await database.transaction(async (tx) => {
    if (user.role === "supervisor" && !user.disabled)
      await keepAnotherSupervisor(
        tx,
        userId,
        "This is the last active supervisor: its role cannot change.",
      );
    if (user.role === "supervisor") refuseUnconfirmedSelf(staff, userId, confirmSelf, "Demoting");
    await tx.update(users).set({ role }).where(eq(users.id, userId));
  });
  await endSessions(userId);
  await audit(actorOf(staff), "user_changed", user.username, {
    userId,
    change: "role",
    from: user.role,
    to: role,
    ...approvalDetail(staff),
  });
}
