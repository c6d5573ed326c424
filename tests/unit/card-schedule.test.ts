import { describe, expect, it } from "vitest";
import { businessDayOver, nextCheckAt, tillPresent } from "@/lib/sales/card/schedule";

const MINUTE = 60_000;
const opened = new Date("2026-05-04T08:00:00Z"); // 10:00 in Johannesburg

describe("the card follower's schedule", () => {
  it("asks every minute for the first hour after the till stopped waiting, then hourly", () => {
    const tillSeenAt = new Date(opened.getTime() + 2 * MINUTE);
    const order = { createdAt: opened, tillSeenAt };
    const soon = new Date(tillSeenAt.getTime() + 30 * MINUTE);
    expect(nextCheckAt(order, soon, MINUTE).getTime() - soon.getTime()).toBe(MINUTE);
    const late = new Date(tillSeenAt.getTime() + 61 * MINUTE);
    expect(nextCheckAt(order, late, MINUTE).getTime() - late.getTime()).toBe(60 * MINUTE);
  });

  it("counts from the order's opening when no till ever asked", () => {
    const order = { createdAt: opened, tillSeenAt: null };
    const at = new Date(opened.getTime() + 59 * MINUTE);
    expect(nextCheckAt(order, at, MINUTE).getTime() - at.getTime()).toBe(MINUTE);
  });

  it("a till is on the sale only while it keeps asking", () => {
    const now = new Date(opened.getTime() + 5 * MINUTE);
    expect(tillPresent({ tillSeenAt: new Date(now.getTime() - 2_000) }, now)).toBe(true);
    expect(tillPresent({ tillSeenAt: new Date(now.getTime() - 60_000) }, now)).toBe(false);
    expect(tillPresent({ tillSeenAt: null }, now)).toBe(false);
  });

  it("an order's business day ends at midnight in Johannesburg, not UTC", () => {
    const order = { createdAt: opened };
    expect(businessDayOver(order, new Date("2026-05-04T21:59:00Z"))).toBe(false);
    expect(businessDayOver(order, new Date("2026-05-04T22:00:00Z"))).toBe(true);
  });
});
