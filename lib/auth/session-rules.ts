import type { Role } from "@/lib/db/schema";

/** Staff sessions end after 12 hours, and after 30 minutes without a request. */
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const IDLE_MAX_MS = 30 * 60_000;
export interface SessionTimes {
  role: Role;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

export type SessionVerdict = "active" | "ended" | "expired" | "idle";

/**
 * A kiosk is a device, not a person: its session lives as long as its browser stays enrolled
 * (lib/auth/staff.ts checks the enrolment on every request). A supervisor ends it from Tills
 * ("Close the kiosk") or by revoking the browser. Between customers the kiosk clears its own
 * screen (KASSA_KIOSK_IDLE_SECONDS); its session never ends for want of a touch, so the next
 * customer never meets the staff sign-in.
 */
export function judgeSession(s: SessionTimes, now: Date): SessionVerdict {
  if (s.endedAt) return "ended";
  if (s.role === "kiosk") return "active";
  if (now.getTime() - s.createdAt.getTime() > SESSION_MAX_MS) return "expired";
  if (now.getTime() - s.lastSeenAt.getTime() > IDLE_MAX_MS) return "idle";
  return "active";
}

/** Where each role starts after sign-in. */
export const HOME_OF: Record<Role, string> = {
  cashier: "/till",
  supervisor: "/office",
  kiosk: "/kiosk",
};
