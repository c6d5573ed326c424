import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { staffSessions, tills, users, type Role, type Till } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { authOptions } from "./options";
import { actorOf } from "./actor";
import { HOME_OF, judgeSession } from "./session-rules";

/** Who is asking: the signed-in user at their till, as the server sees it. */
export interface Staff {
  userId: string;
  username: string;
  name: string;
  role: Role;
  sessionId: string;
  till: Till;
}

export class AccessDenied extends Error {
  constructor(readonly reason: "signed_out" | "wrong_role") {
    super(reason === "signed_out" ? "Your session has ended. Sign in again." : "You are not allowed to do this.");
    this.name = "AccessDenied";
  }
}

// Write last-seen at most this often: one write a minute is enough for a 30-minute idle limit.
const TOUCH_EVERY_MS = 60_000;

/**
 * The current staff member, or null when signed out, idle, expired or disabled. Resolved once
 * per request (React `cache`): a page and its layout share one journal look-up.
 */
export const currentStaff = cache(async function currentStaff(): Promise<Staff | null> {
  const session = await getServerSession(authOptions());
  const sessionId = session?.user?.sessionId;
  if (!sessionId) return null;
  const database = await db();
  const [row] = await database
    .select({ session: staffSessions, user: users, till: tills })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .innerJoin(tills, eq(tills.id, staffSessions.tillId))
    .where(eq(staffSessions.id, sessionId))
    .limit(1);
  if (!row || row.user.disabled) return null;
  const now = new Date();
  const verdict = judgeSession({ role: row.user.role, ...row.session }, now);
  if (verdict !== "active") {
    if (!row.session.endedAt) {
      await database.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, sessionId));
    }
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await database.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
  }
  return {
    userId: row.user.id,
    username: row.user.username,
    name: row.user.displayName,
    role: row.user.role,
    sessionId,
    till: row.till,
  };
});

async function refuse(staff: Staff | null, roles: readonly Role[]): Promise<never> {
  const h = await headers();
  // Name what was refused: the page (from Referer) and, for a server action, its id.
  const page = h.get("referer") ? new URL(h.get("referer")!).pathname : null;
  const path = [page, h.get("next-action")].filter(Boolean).join(" action ") || undefined;
  await audit(
    staff ? actorOf(staff) : {},
    "access_refused",
    path ?? null,
    { needed: roles, had: staff?.role ?? "signed_out" },
  );
  throw new AccessDenied(staff ? "wrong_role" : "signed_out");
}

/**
 * The one check every server action and route handler makes: a live session whose role
 * is one of `roles`. A refusal is an audit event and throws AccessDenied.
 */
export async function requireRole(...roles: Role[]): Promise<Staff> {
  const staff = await currentStaff();
  if (staff && roles.includes(staff.role)) return staff;
  return refuse(staff, roles);
}

/** The same check for pages: a signed-out visitor goes to /login, a wrong role to their own home. */
export async function requirePageRole(...roles: Role[]): Promise<Staff> {
  const staff = await currentStaff();
  if (!staff) redirect("/login");
  if (!roles.includes(staff.role)) {
    await refuse(staff, roles).catch(() => {});
    redirect(`${HOME_OF[staff.role]}?refused=1`);
  }
  return staff;
}
