import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { and, eq, isNull, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { staffSessions, users, type Role } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { clientAddressOf, givePointBack, RateLimited, takePoint } from "@/lib/security/rate-limit";
import { hashPassword, verifyPassword } from "./password";
import { attemptIsLocked, LOCK_MINUTES, MAX_FAILED_ATTEMPTS } from "./lockout";
import {
  DEVICE_MAX_AGE_S,
  deviceIdFromCookieHeader,
  findDevice,
  type EnrolledDevice,
} from "./device";
import { signInSchema } from "./sign-in-schema";

declare module "next-auth" {
  interface User {
    role: Role;
    sessionId: string;
    tillId: string;
  }
  interface Session {
    user: { id: string; name: string; role: Role; sessionId: string; tillId: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    sessionId?: string;
    tillId?: string;
  }
}

/**
 * Messages the sign-in form shows. A refused sign-in reads the same whether the user exists,
 * whether the password was right and whether this user may sign in on this browser: only the
 * browser (enrolled or not, counter or kiosk) chooses the words, so nothing can be learnt by
 * trying passwords.
 */
export const SIGN_IN_ERRORS = {
  invalid: "Wrong user name or password.",
  notEnrolled:
    "Wrong user name or password. On a browser that is not enrolled as a till only supervisors sign in.",
  kiosk: "Wrong user name or password. On a kiosk only the kiosk and supervisors sign in.",
  locked: `This account is locked after five wrong passwords. Try again in ${LOCK_MINUTES} minutes or ask a supervisor to unlock it.`,
} as const;

/** The refusal on this browser: the same for every user and password. */
export function refusalOn(device: EnrolledDevice | null): string {
  if (!device) return SIGN_IN_ERRORS.notEnrolled;
  return device.till.kind === "kiosk" ? SIGN_IN_ERRORS.kiosk : SIGN_IN_ERRORS.invalid;
}

/** Whether a user of this role signs in on this browser: a supervisor anywhere, a cashier at a counter till, the kiosk at a kiosk. */
function mayUseDevice(role: Role, device: EnrolledDevice | null): boolean {
  if (role === "supervisor") return true;
  return device?.till.kind === (role === "kiosk" ? "kiosk" : "counter");
}

type RequestLike = { headers?: Record<string, string | string[] | undefined> } | undefined;

function headerOf(req: RequestLike, name: string): string | undefined {
  const value = req?.headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sign-in. Order matters for guessing: the address's point is taken first, atomically
 * (no hash is checked once its limit is used up, however many sign-ins arrive at once; a
 * sign-in that succeeds gives the point back), then the atomic failure count of the user
 * name (at most five hashes are ever checked between two locks). Unknown and disabled users cost the same Argon2 check as
 * real ones, and a right password of a user who may not sign in on this browser counts and
 * answers as a wrong one, so neither the answer nor its timing says anything about the user.
 */
async function authorize(raw: unknown, req: RequestLike) {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
  const { username, password } = parsed.data;
  const address = clientAddressOf((name) => headerOf(req, name));
  const userKey = username.toLowerCase();
  const database = await db();
  const [user] = await database.select().from(users).where(eq(users.username, username)).limit(1);
  const device = await findDevice(deviceIdFromCookieHeader(headerOf(req, "cookie")));
  const actor = { userId: user?.id, username, role: user?.role, tillId: device?.till.id };

  const byAddress = await takePoint("signInAddress", address);
  if (byAddress.waitSeconds !== null) {
    await audit(actor, "rate_limited", username, {
      limit: "sign_in",
      address,
      retryAfterSeconds: byAddress.waitSeconds,
    });
    throw new Error(new RateLimited(byAddress.waitSeconds).message);
  }
  const failed = (reason: string) => audit(actor, "sign_in_failed", username, { reason, address });
  // The address's limit counts passwords checked that did not sign in: a locked account's
  // refusal checks none and gives its point back, as a success does.
  const refund = () => givePointBack("signInAddress", address);

  if (!user || user.disabled) {
    // A name without an account locks as a real one does: five attempts in a row, counted
    // atomically per name, so the lock says nothing about whether the account exists.
    const { consumed } = await takePoint("signInUser", userKey);
    const reason = user ? "disabled" : "unknown_user";
    if (consumed > MAX_FAILED_ATTEMPTS) {
      await Promise.all([failed(reason), refund()]);
      throw new Error(SIGN_IN_ERRORS.locked);
    }
    await verifyPassword(await dummyHash(), password);
    await failed(reason);
    throw new Error(consumed === MAX_FAILED_ATTEMPTS ? SIGN_IN_ERRORS.locked : refusalOn(device));
  }
  // Take a slot atomically before checking the hash: the count decides, not a read before it.
  const now = new Date();
  const slot = await takeAttempt(user.id, now);
  if (slot.locked) {
    await Promise.all([failed("locked"), refund()]);
    throw new Error(SIGN_IN_ERRORS.locked);
  }
  const right = await verifyPassword(user.passwordHash, password);
  // The till is the enrolled device's, never a choice. A right password on a browser this user
  // may not use is a failed attempt like a wrong one (the audit says which it was).
  if (!right || !mayUseDevice(user.role, device)) {
    await failed(!right ? "wrong_password" : device ? "wrong_device" : "not_enrolled");
    if (slot.attempt >= MAX_FAILED_ATTEMPTS) {
      await lockUser(user.id, now);
      await audit(actor, "account_locked", username, { minutes: LOCK_MINUTES });
      throw new Error(SIGN_IN_ERRORS.locked);
    }
    throw new Error(refusalOn(device));
  }
  await Promise.all([
    refund(),
    database
      .update(users)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(eq(users.id, user.id)),
  ]);
  const [session] = await database
    .insert(staffSessions)
    .values({
      userId: user.id,
      tillId: device?.till.id ?? null,
      deviceId: device?.device.id ?? null,
    })
    .returning({ id: staffSessions.id });
  await audit({ ...actor, role: user.role }, "sign_in", username, { address });
  return {
    id: user.id,
    name: user.displayName,
    role: user.role,
    sessionId: session!.id,
    tillId: device?.till.id ?? "",
  };
}

/**
 * One more attempt for this user, counted in a single UPDATE ... RETURNING: 40 guesses at
 * once get the numbers 1..40, and only the first five are checked. An expired lock starts
 * the count again.
 */
async function takeAttempt(
  userId: string,
  now: Date,
): Promise<{ attempt: number; locked: boolean }> {
  const database = await db();
  const at = now.toISOString();
  const result = await database.execute(sql`
    update ${users} set
      failed_attempts = case when locked_until is not null and locked_until <= ${at}::timestamptz then 1 else failed_attempts + 1 end,
      locked_until = case when locked_until is not null and locked_until <= ${at}::timestamptz then null else locked_until end
    where id = ${userId}::uuid
    returning failed_attempts, locked_until`);
  const row = (
    result as unknown as { rows: { failed_attempts: number; locked_until: string | Date | null }[] }
  ).rows[0];
  if (!row) return { attempt: MAX_FAILED_ATTEMPTS + 1, locked: true };
  return {
    attempt: row.failed_attempts,
    locked: attemptIsLocked(
      row.failed_attempts,
      row.locked_until ? new Date(row.locked_until) : null,
      now,
    ),
  };
}

async function lockUser(userId: string, now: Date): Promise<void> {
  const database = await db();
  await database
    .update(users)
    .set({ lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000) })
    .where(eq(users.id, userId));
}

const dummy = globalThis as unknown as { __kassaDummyHash?: Promise<string> };
/** An Argon2id hash of nothing anyone types, made once per process with the real parameters. */
function dummyHash(): Promise<string> {
  dummy.__kassaDummyHash ??= hashPassword(`kassa-dummy-${Math.random()}-${Date.now()}`);
  return dummy.__kassaDummyHash;
}

export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.authSecret,
    // Behind TLS the session cookie is Secure (and __Secure- prefixed) whatever NEXTAUTH_URL says.
    ...(config.https ? { useSecureCookies: true } : {}),
    // The cookie lives as long as a kiosk's enrolment may (a kiosk's session lasts while its
    // device is trusted, and Next.js pages never renew the cookie); the server-side session
    // row enforces every session's end: a staff session's idle and absolute limits, a kiosk's
    // closing or revoked enrolment (lib/auth/staff.ts).
    session: { strategy: "jwt", maxAge: DEVICE_MAX_AGE_S },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Kassa",
        credentials: { username: {}, password: {} },
        authorize: (credentials, req) => authorize(credentials, req as RequestLike),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.role = user.role;
          token.sessionId = user.sessionId;
          token.tillId = user.tillId;
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          name: token.name ?? "",
          role: token.role ?? "cashier",
          sessionId: token.sessionId ?? "",
          tillId: token.tillId ?? "",
        };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (!token?.sessionId) return;
        const database = await db();
        await database
          .update(staffSessions)
          .set({ endedAt: new Date() })
          .where(and(eq(staffSessions.id, token.sessionId), isNull(staffSessions.endedAt)));
        await audit(
          { userId: token.sub, username: token.name, role: token.role, tillId: token.tillId },
          "sign_out",
          token.name ?? null,
        );
      },
    },
  };
}
