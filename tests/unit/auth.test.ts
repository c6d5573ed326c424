import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import {
  afterFailedAttempt,
  isLocked,
  LOCK_MINUTES,
  MAX_FAILED_ATTEMPTS,
} from "@/lib/auth/lockout";
import { HOME_OF, IDLE_MAX_MS, judgeSession, SESSION_MAX_MS } from "@/lib/auth/session-rules";
import { attemptIsLocked } from "@/lib/auth/lockout";
import { pathOfReferer } from "@/lib/auth/referer";

describe("password hashing", () => {
  it("stores Argon2id hashes that verify only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse batterz")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });
});

describe("lockout", () => {
  const now = new Date("2026-11-23T08:00:00Z");
  it("locks for 15 minutes on the fifth wrong password in a row", () => {
    let state = { failedAttempts: 0, lockedUntil: null as Date | null };
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      const next = afterFailedAttempt(state, now);
      expect(next.justLocked).toBe(false);
      state = next;
    }
    expect(isLocked(state, now)).toBe(false);
    const locked = afterFailedAttempt(state, now);
    expect(locked.justLocked).toBe(true);
    expect(isLocked(locked, now)).toBe(true);
    expect(isLocked(locked, new Date(now.getTime() + (LOCK_MINUTES * 60_000 - 1)))).toBe(true);
    expect(isLocked(locked, new Date(now.getTime() + LOCK_MINUTES * 60_000 + 1))).toBe(false);
  });
});

describe("sessions and roles", () => {
  const start = new Date("2026-11-23T06:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  const staff = { role: "cashier" as const, createdAt: start, lastSeenAt: start, endedAt: null };

  it("ends a staff session after 30 idle minutes", () => {
    expect(judgeSession(staff, at(IDLE_MAX_MS - 1000))).toBe("active");
    expect(judgeSession(staff, at(IDLE_MAX_MS + 1000))).toBe("idle");
  });

  it("ends a staff session after 12 hours however busy", () => {
    const busy = { ...staff, lastSeenAt: at(SESSION_MAX_MS) };
    expect(judgeSession(busy, at(SESSION_MAX_MS + 1000))).toBe("expired");
  });

  it("keeps a kiosk's session however long it stands untouched, and honours its closing", () => {
    // A kiosk is a device: its session lasts while its browser is enrolled (lib/auth/staff.ts).
    const kiosk = { ...staff, role: "kiosk" as const };
    const aYear = 365 * 24 * 60 * 60_000;
    expect(judgeSession(kiosk, at(IDLE_MAX_MS + 1_000))).toBe("active");
    expect(judgeSession(kiosk, at(aYear))).toBe("active");
    expect(judgeSession({ ...kiosk, endedAt: at(1) }, at(2))).toBe("ended");
    expect(judgeSession({ ...staff, endedAt: at(1) }, at(2))).toBe("ended");
  });

  it("decides the lock from the count an atomic UPDATE returned: never more than five checked in a row", () => {
    const now = at(0);
    expect([1, 2, 3, 4, 5].map((n) => attemptIsLocked(n, null, now))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(attemptIsLocked(6, null, now)).toBe(true);
    expect(attemptIsLocked(40, null, now)).toBe(true);
    expect(attemptIsLocked(1, at(60_000), now)).toBe(true);
  });

  it("names a malformed Referer instead of failing on it", () => {
    expect(pathOfReferer("http://localhost:3000/slips/abc?x=1")).toBe("/slips/abc");
    expect(pathOfReferer("not a url")).toBe("(malformed referer)");
    expect(pathOfReferer(null)).toBeNull();
  });

  it("sends each role to its own home", () => {
    expect(HOME_OF).toEqual({ cashier: "/till", supervisor: "/office", kiosk: "/kiosk" });
  });
});
