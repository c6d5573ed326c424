import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { approved, putSale, staffOf, ownDataDir } from "./office-support";

/**
 * Closing shifts on the app's own database code: Z numbers under concurrent closes, the
 * stored report's figures, and that it never changes afterwards.
 */
ownDataDir();
const { db } = await import("@/lib/db");
const { shifts, sales, auditEvents } = await import("@/lib/db/schema");
const { openShift } = await import("@/lib/shifts/current");
const { closeShift, forceCloseShift } = await import("@/lib/shifts/close");
const { findShift, storedZReport } = await import("@/lib/shifts/report");

type Database = Awaited<ReturnType<typeof db>>;
let database: Database;

beforeAll(async () => {
  database = await db();
});

describe("closing a shift", () => {
  it("numbers Z reports uniquely when three tills close at once, and stores their totals", async () => {
    const tills = [
      ["cashier", "till-1"],
      ["cashier2", "till-2"],
      ["trainee", "till-3"],
    ] as const;
    const staffs = await Promise.all(tills.map(([u, t]) => staffOf(database, u, t)));
    const opened = [];
    for (const staff of staffs) opened.push(await openShift(staff, 50_000));
    // Till 1: two cash sales, one card, one failed, one unknown.
    await putSale(database, staffs[0]!, opened[0]!.id, {
      kind: "electricity",
      method: "cash",
      status: "completed",
      amountCents: 10_000,
    });
    await putSale(database, staffs[0]!, opened[0]!.id, {
      kind: "vas",
      method: "cash",
      status: "completed",
      amountCents: 1_250,
    });
    await putSale(database, staffs[0]!, opened[0]!.id, {
      kind: "bill",
      method: "card",
      status: "completed",
      amountCents: 30_000,
    });
    await putSale(database, staffs[0]!, opened[0]!.id, {
      kind: "bill",
      method: "cash",
      status: "failed",
      amountCents: 99_999,
    });
    await putSale(database, staffs[0]!, opened[0]!.id, {
      kind: "fines",
      method: "cash",
      status: "unknown",
      amountCents: 40_000,
    });

    const zs = await Promise.all(
      staffs.map((staff) => closeShift(staff, undefined, { "20000": 3, "1000": 1 })),
    );
    expect(zs.map((z) => z.zNumber).sort()).toEqual([1, 2, 3]);
    const z1 = zs[0]!;
    expect(z1.byMethod).toEqual({ cash: 11_250, card: 30_000 });
    expect(z1.totalCents).toBe(41_250);
    expect(z1.expectedCashCents).toBe(61_250);
    expect(z1.countedCashCents).toBe(61_000);
    expect(z1.varianceCents).toBe(-250);
    expect(z1.openCount).toBe(1);
    expect(zs[1]!.varianceCents).toBe(61_000 - 50_000);
  });

  it("keeps the stored Z report as it was at close, even if a sale of that shift changes later", async () => {
    const [closed] = await database.select().from(shifts).where(eq(shifts.zNumber, 1));
    const before = storedZReport(closed!)!;
    // A late settle of the unknown sale must not rewrite history.
    await database.update(sales).set({ status: "completed" }).where(eq(sales.shiftId, closed!.id));
    const after = storedZReport((await findShift(closed!.id))!.shift)!;
    expect(after).toEqual(before);
    expect(after.zNumber).toBe(1);
  });

  it("refuses a second close and a close with a sale still being sent, and audits each close", async () => {
    const staff = await staffOf(database, "cashier2", "till-2");
    await expect(closeShift(staff, undefined, {})).rejects.toThrow(
      "You have no shift open at this till.",
    );
    const shift = await openShift(staff, 0);
    await putSale(database, staff, shift.id, {
      kind: "electricity",
      method: "cash",
      status: "pending",
      amountCents: 100,
    });
    await expect(closeShift(staff, undefined, {})).rejects.toThrow("still being sent");
    const closes = await database
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "shift_closed"));
    expect(closes).toHaveLength(3);
    expect(closes.map((c) => c.detail?.zNumber).sort()).toEqual([1, 2, 3]);
  });

  it("answers a close pressed again after a lost answer with the same Z report, and only to its owner", async () => {
    const staff = await staffOf(database, "trainee", "till-3");
    const shift = await openShift(staff, 10_000);
    const first = await closeShift(staff, shift.id, { "10000": 1 });
    // The answer never reached the till; the cashier presses again, even with another count.
    const again = await closeShift(staff, shift.id, { "20000": 4 });
    expect(again).toEqual(first);
    expect(again.countedCashCents).toBe(10_000);
    const [row] = await database.select().from(shifts).where(eq(shifts.id, shift.id));
    expect(row!.countedCashCents).toBe(10_000);

    // Not to another cashier; and a repeat never touches the shift opened since.
    const other = await staffOf(database, "cashier", "till-3");
    await expect(closeShift(other, shift.id, {})).rejects.toThrow("no shift open");
    const next = await openShift(staff, 0);
    expect(await closeShift(staff, shift.id, {})).toEqual(first);
    const [stillOpen] = await database.select().from(shifts).where(eq(shifts.id, next.id));
    expect(stillOpen!.closedAt).toBeNull();

    // A shift a supervisor closed is not the cashier's own close to repeat.
    const supervisor = approved(await staffOf(database, "supervisor", "till-3"));
    await forceCloseShift(supervisor, next.id, {}, "Hand-over to the next cashier.");
    await expect(closeShift(staff, next.id, {})).rejects.toThrow("no shift open");
    const third = await openShift(staff, 0);
    await expect(closeShift(staff, next.id, {})).rejects.toThrow("no longer open");
    await closeShift(staff, third.id, {});
    const zs = await database
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "shift_closed"));
    expect(zs.filter((e) => e.subject === shift.id)).toHaveLength(1);
  });
});
