import type { Role } from "@/lib/db/schema";

/** Staff sessions end after 12 hours, and after 30 minutes without a request. */
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const IDLE_MAX_MS = 30 * 60_000;
/** A kiosk stays signed in on its own device; it clears the customer's data itself when idle. */
export const KIOSK_SESSION_MAX_MS = 7 * 24 * 60 * 60_000;

export interface SessionTimes {
  role: Role;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

export type SessionVerdict = "active" | "ended" | "expired" | "idle";

export function judgeSession(s: SessionTimes, now: Date): SessionVerdict {
  if (s.endedAt) return "ended";
  const age = now.getTime() - s.createdAt.getTime();
  if (age > (s.role === "kiosk" ? KIOSK_SESSION_MAX_MS : SESSION_MAX_MS)) return "expired";
  if (s.role !== "kiosk" && now.getTime() - s.lastSeenAt.getTime() > IDLE_MAX_MS) return "idle";
  return "active";
}

/** Where each role starts after sign-in. */
export const HOME_OF: Record<Role, string> = {
  cashier: "/till",
  supervisor: "/office",
  kiosk: "/kiosk",
};
