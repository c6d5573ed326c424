import "server-only";
import { headers } from "next/headers";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db";
import { rateLimits } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";
import { ActionError } from "@/lib/errors";
import { env } from "@/lib/env";
import { clientAddressFrom } from "@/lib/security/client-address";

/**
 * Rate limits, kept in the journal database (rate-limiter-flexible's Drizzle store on the
 * `rate_limits` table) so that every instance of Kassa on one PostgreSQL counts together;
 * on PGlite the one process counts alone, which is all there is. Each limit is a number
 * of points per window; a refused call is told how long to wait and is audited.
 */
const LIMITS = {
  /** Sign-ins under a name with no account (or a disabled one): counted so that it locks after five like a real one. */
  signInUser: { points: 5, duration: 15 * 60 },
  /** Passwords checked for sign-ins from one client address that did not succeed, whatever the user name. */
  signInAddress: { points: 50, duration: 15 * 60 },
  /** The signed-out card return page: each hit may cost a core-service call. */
  payReturn: { points: 30, duration: 60 },
  /** The kiosk's fines look-up, per kiosk device: an ID number must not be guessable. */
  kioskLookUp: { points: 20, duration: 5 * 60 },
  /** The public slip check (/verify/<code>), per client address: codes must not be guessable by trying. */
  slipCheck: { points: 30, duration: 60 },
  /** Counter look-ups and confirm calls, per cashier. */
  lookUp: { points: 60, duration: 60 },
  /** VAS quotes, per cashier: one or two a customer; a till cannot quote faster than this. */
  vasQuote: { points: 30, duration: 60 },
  /** "Refresh" of the VAS catalogue, per cashier (a refresh within a minute of the last is the cache anyway). */
  catalogueRefresh: { points: 10, duration: 10 * 60 },
  /** Card status polls, per user: the till asks every 2 seconds (30 a minute), a second tab as many. */
  cardPoll: { points: 60, duration: 60 },
  /** Cancel, "Check payment", Retry and "Check with the registry", per user. */
  saleCheck: { points: 20, duration: 60 },
  /** The office's own calls to the core service (check a payment, send again, look fines up), per supervisor. */
  officeCall: { points: 60, duration: 60 },
  /** Tries at one's own current password, per user (lib/office/users.ts changeOwnPassword). */
  passwordChange: { points: 5, duration: 15 * 60 },
  /** Wrong confirmations of a money-moving override (password or code), per supervisor (lib/auth/step-up.ts). */
  stepUp: { points: 5, duration: 15 * 60 },
  /** Sends of tokens or PINs to customers, per cashier: each costs an SMS or an e-mail. */
  customerSend: { points: 20, duration: 10 * 60 },
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

/**
 * Take one point now, in one atomic upsert of the store: of any number of calls at once, only
 * as many as the limit has points get through. Answers the points taken in the window (this
 * one included) or, over the limit, how many seconds to wait.
 */
export async function takePoint(
  name: LimitName,
  key: string,
): Promise<{ waitSeconds: null; consumed: number } | { waitSeconds: number; consumed: number }> {
  try {
    const res = await (await limiter(name)).consume(key);
    return { waitSeconds: null, consumed: res.consumedPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes)
      return { waitSeconds: secondsOf(error), consumed: error.consumedPoints };
    throw error;
  }
}

/** Give back a point takePoint took: the call turned out not to count (a sign-in that succeeded). */
export async function givePointBack(name: LimitName, key: string): Promise<void> {
  await (await limiter(name)).reward(key, 1);
}

/** Count one call against the limit; throws RateLimited (after auditing it) when over. */
export async function consume(
  name: LimitName,
  key: string,
  actor: Actor = {},
  subject?: string,
): Promise<void> {
  const { waitSeconds } = await takePoint(name, key);
  if (waitSeconds === null) return;
  await audit(actor, "rate_limited", subject ?? null, {
    limit: name,
    retryAfterSeconds: waitSeconds,
  });
  throw new RateLimited(waitSeconds);
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

/** The caller's address (lib/security/client-address.ts): the socket's, or a trusted proxy's word for it. */
export function clientAddressOf(get: (name: string) => string | null | undefined): string {
  return clientAddressFrom(get, env().trustedProxies);
}

export async function requestAddress(): Promise<string> {
  const h = await headers();
  return clientAddressOf((name) => h.get(name));
}
