import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { staffSessions, tillDevices, tills, users, type Role, type Till } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { authOptions } from "./options";
import { DEVICE_COOKIE, findDevice, readDeviceCookie } from "./device";
import { pathOfReferer } from "./referer";
import { actorOf } from "./actor";
import { HOME_OF, IDLE_MAX_MS, judgeSession, SESSION_MAX_MS } from "./session-rules";

/** Who is asking: the signed-in user at their till, as the server sees it. */
export interface Staff {
  userId: string;
  username: string;
  name: string;
  role: Role;
  sessionId: string;
  /** The enrolled till or kiosk the session was opened on; the office (no device) for a supervisor elsewhere. */
  till: Till;
  /** The enrolled device, or null for a supervisor signed in on a browser that is not a till. */
  deviceId?: string | null;
}

/** Where a supervisor works when signed in on a browser that is not enrolled as a till. */
const OFFICE: Till = {
  id: "office",
  name: "Office",
  kind: "counter",
  paperWidthMm: 80,
  autoPrint: false,
  printerConnection: "browser",
  printerHost: null,
  printerPort: null,
  createdAt: new Date(0),
  printerAnswersStatus: true,
};

export class AccessDenied extends Error {
  constructor(readonly reason: "signed_out" | "wrong_role") {
    super(
      reason === "signed_out"
        ? "Your session has ended. Sign in again."
        : "You are not allowed to do this.",
    );
    this.name = "AccessDenied";
  }
}

// Write last-seen at most this often: one write a minute is enough for a 30-minute idle limit.
const TOUCH_EVERY_MS = 60_000;

/** `ms` before `now`. */
const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * The session with its user, till and device, in ONE statement that also writes the session's
 * last-seen time when it is due (older than the touch interval) and the session is live by
 * the rules of judgeSession (not ended, expired or idle, the user not disabled; a kiosk's
 * session has no idle or age limit). The row read is the one before the touch, so the verdict
 * is judged on the time the session was last seen.
 */
async function readSession(sessionId: string, now: Date) {
  const database = await db();
  const kiosk = sql`${users.role} = 'kiosk'`;
  const touched = database.$with("touched").as(
    database
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .from(users)
      .where(
        and(
          eq(staffSessions.id, sessionId),
          eq(users.id, staffSessions.userId),
          eq(users.disabled, false),
          isNull(staffSessions.endedAt),
          sql`${staffSessions.lastSeenAt} < ${before(now, TOUCH_EVERY_MS).toISOString()}::timestamptz`,
          sql`(${kiosk} or (${staffSessions.lastSeenAt} >= ${before(now, IDLE_MAX_MS).toISOString()}::timestamptz
            and ${staffSessions.createdAt} >= ${before(now, SESSION_MAX_MS).toISOString()}::timestamptz))`,
        ),
      )
      .returning({ id: staffSessions.id }),
  );
  const [row] = await database
    .with(touched)
    .select({
      session: {
        userId: staffSessions.userId,
        deviceId: staffSessions.deviceId,
        createdAt: staffSessions.createdAt,
        lastSeenAt: staffSessions.lastSeenAt,
        endedAt: staffSessions.endedAt,
      },
      user: {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        role: users.role,
        disabled: users.disabled,
      },
      till: getTableColumns(tills),
      deviceRevokedAt: tillDevices.revokedAt,
      deviceFound: sql<boolean>`${tillDevices.id} is not null`,
      touched: sql<boolean>`exists (select 1 from ${touched})`,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .leftJoin(tills, eq(tills.id, staffSessions.tillId))
    .leftJoin(tillDevices, eq(tillDevices.id, staffSessions.deviceId))
    .where(eq(staffSessions.id, sessionId))
    .limit(1);
  return row;
}

/**
 * The current staff member, or null when signed out, idle, expired or disabled. Resolved once
 * per request (React `cache`): a page and its layout share one journal look-up, which is one
 * statement (readSession) unless the session ends here.
 */
export const currentStaff = cache(async function currentStaff(): Promise<Staff | null> {
  const session = await getServerSession(authOptions());
  const sessionId = session?.user?.sessionId;
  if (!sessionId) return null;
  const now = new Date();
  const row = await readSession(sessionId, now);
  if (!row || row.user.disabled) return null;
  const database = await db();
  // A till's session lives on its enrolled browser only: a revoked enrolment, or the session
  // cookie carried to a browser without that device's own cookie, ends it.
  let verdict = judgeSession({ role: row.user.role, ...row.session }, now);
  if (row.session.deviceId) {
    const here = readDeviceCookie((await cookies()).get(DEVICE_COOKIE)?.value);
    if (!row.deviceFound || row.deviceRevokedAt || here !== row.session.deviceId) verdict = "ended";
  } else if (row.user.role !== "supervisor") {
    verdict = "ended";
  }
  if (verdict !== "active") {
    if (!row.session.endedAt) {
      await database
        .update(staffSessions)
        .set({ endedAt: now })
        .where(eq(staffSessions.id, sessionId));
    }
    return null;
  }
  return {
    userId: row.user.id,
    username: row.user.username,
    name: row.user.displayName,
    role: row.user.role,
    sessionId,
    till: row.till ?? OFFICE,
    deviceId: row.session.deviceId,
  };
});

async function refuse(staff: Staff | null, roles: readonly Role[]): Promise<never> {
  const h = await headers();
  // Name what was refused: the page (from Referer) and, for a server action, its id.
  const page = pathOfReferer(h.get("referer"));
  const path = [page, h.get("next-action")].filter(Boolean).join(" action ") || undefined;
  await audit(staff ? actorOf(staff) : {}, "access_refused", path ?? null, {
    needed: roles,
    had: staff?.role ?? "signed_out",
  });
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

/** Whether this browser is enrolled as a kiosk (its signed device cookie names a live kiosk enrolment). */
export async function isKioskBrowser(): Promise<boolean> {
  const here = readDeviceCookie((await cookies()).get(DEVICE_COOKIE)?.value);
  return (await findDevice(here))?.till.kind === "kiosk";
}

/**
 * The check of the kiosk's pages. A kiosk browser without a session (a supervisor closed it)
 * goes to its start screen, which says it is closed: a customer never meets the staff sign-in.
 * Anyone else is checked as requirePageRole does.
 */
export async function requireKioskPage(): Promise<Staff> {
  const staff = await currentStaff();
  if (staff?.role === "kiosk") return staff;
  if (!staff && (await isKioskBrowser())) redirect("/kiosk");
  return requirePageRole("kiosk");
}
