import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { and, eq, isNull } from "drizzle-orm";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { staffSessions, tills, users, type Role } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { verifyPassword } from "./password";
import { afterFailedAttempt, isLocked, LOCK_MINUTES } from "./lockout";
import { SESSION_MAX_MS, KIOSK_SESSION_MAX_MS } from "./session-rules";
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

/** Messages the sign-in form shows; they never say whether the user name exists. */
export const SIGN_IN_ERRORS = {
  invalid: "Wrong user name or password.",
  locked: `This account is locked after five wrong passwords. Try again in ${LOCK_MINUTES} minutes or ask a supervisor to unlock it.`,
  till: "Choose the till you are working at.",
} as const;

async function authorize(raw: unknown) {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
  const { username, password, tillId } = parsed.data;
  const database = await db();
  const now = new Date();
  const [user] = await database.select().from(users).where(eq(users.username, username)).limit(1);
  const actor = { userId: user?.id, username, role: user?.role, tillId };
  if (!user || user.disabled) {
    await audit(actor, "sign_in_failed", username, { reason: user ? "disabled" : "unknown_user" });
    throw new Error(SIGN_IN_ERRORS.invalid);
  }
  if (isLocked(user, now)) {
    await audit(actor, "sign_in_failed", username, { reason: "locked" });
    throw new Error(SIGN_IN_ERRORS.locked);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const next = afterFailedAttempt(user, now);
    await database
      .update(users)
      .set({ failedAttempts: next.failedAttempts, lockedUntil: next.lockedUntil })
      .where(eq(users.id, user.id));
    await audit(actor, "sign_in_failed", username, { reason: "wrong_password" });
    if (next.justLocked) {
      await audit(actor, "account_locked", username, { minutes: LOCK_MINUTES });
      throw new Error(SIGN_IN_ERRORS.locked);
    }
    throw new Error(SIGN_IN_ERRORS.invalid);
  }
  // A kiosk signs in at its own device; staff choose a counter till.
  const [till] = await database.select().from(tills).where(eq(tills.id, tillId)).limit(1);
  const wantKind = user.role === "kiosk" ? "kiosk" : "counter";
  if (!till || (user.role !== "supervisor" && till.kind !== wantKind)) {
    await audit(actor, "sign_in_failed", username, { reason: "wrong_till" });
    throw new Error(SIGN_IN_ERRORS.till);
  }
  await database.update(users).set({ failedAttempts: 0, lockedUntil: null }).where(eq(users.id, user.id));
  const [session] = await database
    .insert(staffSessions)
    .values({ userId: user.id, tillId: till.id })
    .returning({ id: staffSessions.id });
  await audit({ ...actor, role: user.role, tillId: till.id }, "sign_in", username);
  return { id: user.id, name: user.displayName, role: user.role, sessionId: session!.id, tillId: till.id };
}

export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.authSecret,
    // Behind TLS the session cookie is Secure (and __Secure- prefixed) whatever NEXTAUTH_URL says.
    useSecureCookies: config.https,
    // The cookie outlives no session: the server-side session row enforces idle and absolute limits.
    session: { strategy: "jwt", maxAge: Math.max(SESSION_MAX_MS, KIOSK_SESSION_MAX_MS) / 1000 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Kassa",
        credentials: { username: {}, password: {}, tillId: {} },
        authorize: (credentials) => authorize(credentials),
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

