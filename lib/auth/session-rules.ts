import type { Role } from "@/lib/db/schema";

/** Staff sessions end after 12 hours, and after 30 minutes without a request. */
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const IDLE_MAX_MS = 30 * 60_000;
/**
 * A kiosk's session lives on its own enrolled device for a working day at most, and ends
 * after 2 minutes without a touch (the kiosk's screen reports touches while in use).
 */
export const KIOSK_SESSION_MAX_MS = 12 * 60 * 60_000;
export const KIOSK_IDLE_MAX_MS = 2 * 60_000;
/**
 * An idle kiosk whose customer is away on the hosted card checkout stays signed in this long
 * after the sale was recorded: a card payment's time limit (tested equal in card-outcome).
 */
export const KIOSK_CARD_AWAY_MS = 3 * 60_000;

export interface SessionTimes {
  role: Role;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

export type SessionVerdict = "active" | "ended" | "expired" | "idle";

export function judgeSession(
  s: SessionTimes,
  now: Date,
  kioskIdleMs: number = KIOSK_IDLE_MAX_MS,
): SessionVerdict {
  if (s.endedAt) return "ended";
  const age = now.getTime() - s.createdAt.getTime();
  if (age > (s.role === "kiosk" ? KIOSK_SESSION_MAX_MS : SESSION_MAX_MS)) return "expired";
  if (now.getTime() - s.lastSeenAt.getTime() > (s.role === "kiosk" ? kioskIdleMs : IDLE_MAX_MS))
    return "idle";
  return "active";
}

/** Where each role starts after sign-in. */
export const HOME_OF: Record<Role, string> = {
  cashier: "/till",
  supervisor: "/office",
  kiosk: "/kiosk",
};
