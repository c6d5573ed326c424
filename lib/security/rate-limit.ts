import "server-only";
import { headers } from "next/headers";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";
import { ActionError } from "@/lib/auth/action";

/**
 * Rate limits, kept in the journal database (rate-limiter-flexible's Drizzle store on the
 * `rate_limits` table) so that every instance of Kassa on one PostgreSQL counts together;
 * on PGlite the one process counts alone, which is all there is. Each limit is a number
 * of points per window; a refused call is told how long to wait and is audited.
 */
const LIMITS = {
  /** Wrong passwords for one user name (the lockout after five is separate and atomic). */
  signInUser: { points: 10, duration: 15 * 60 },
  /** Failed sign-ins from one client address, whatever the user name. */
  signInAddress: { points: 50, duration: 15 * 60 },
  /** The signed-out card return page: each hit may cost a core-service call. */
  payReturn: { points: 30, duration: 60 },
  /** The kiosk's fines look-up, per kiosk device: an ID number must not be guessable. */
  kioskLookUp: { points: 20, duration: 5 * 60 },
  /** Counter look-ups and confirm calls, per cashier. */
  lookUp: { points: 60, duration: 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

const g = globalThis as unknown as {
  __kassaLimiters?: Map<LimitName, Promise<RateLimiterDrizzle>>;
};

function limiter(name: LimitName): Promise<RateLimiterDrizzle> {
  g.__kassaLimiters ??= new Map();
  let found = g.__kassaLimiters.get(name);
  if (!found) {
    found = db().then(
      (database) =>
        new RateLimiterDrizzle({
          storeClient: database,
          schema: rateLimits,
          keyPrefix: name,
          points: LIMITS[name].points,
          duration: LIMITS[name].duration,
          clearExpiredByTimeout: name === "signInUser",
        }),
    );
    // A failed open is not cached: the next call tries again.
    found.catch(() => g.__kassaLimiters?.delete(name));
    g.__kassaLimiters.set(name, found);
  }
  return found;
}

export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many attempts. Wait ${retryAfterSeconds >= 60 ? `${Math.ceil(retryAfterSeconds / 60)} minute(s)` : `${retryAfterSeconds} seconds`} and try again.`,
    );
    this.name = "RateLimited";
  }
}

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Count one call against the limit; throws RateLimited (after auditing it) when over. */
export async function consume(
  name: LimitName,
  key: string,
  actor: Actor = {},
  subject?: string,
): Promise<void> {
  try {
    await (await limiter(name)).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      await audit(actor, "rate_limited", subject ?? null, {
        limit: name,
        retryAfterSeconds: secondsOf(error),
      });
      throw new RateLimited(secondsOf(error));
    }
    throw error;
  }
}

/** consume() for a server action: over the limit, the caller reads a clear message (ActionError). */
export async function limitOrRefuse(
  name: LimitName,
  key: string,
  actor: Actor = {},
  subject?: string,
): Promise<void> {
  try {
    await consume(name, key, actor, subject);
  } catch (error) {
    if (error instanceof RateLimited)
      throw new ActionError(error.message, undefined, { code: "rate_limited" });
    throw error;
  }
}

/** Whether the limit is used up already, without counting a call (sign-in counts only failures). */
export async function isOverLimit(name: LimitName, key: string): Promise<number | null> {
  const res = await (await limiter(name)).get(key);
  return res && res.consumedPoints >= LIMITS[name].points ? secondsOf(res) : null;
}

/** Count a failure; never throws for being over the limit (the next call is refused instead). */
export async function countFailure(name: LimitName, key: string): Promise<void> {
  await (await limiter(name)).penalty(key, 1);
}

/** The caller's address: the first X-Forwarded-For hop a proxy in front of Kassa wrote, else X-Real-IP. */
export function clientAddressOf(get: (name: string) => string | null | undefined): string {
  const forwarded = get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || get("x-real-ip")?.trim() || "unknown";
}

export async function requestAddress(): Promise<string> {
  const h = await headers();
  return clientAddressOf((name) => h.get(name));
}
