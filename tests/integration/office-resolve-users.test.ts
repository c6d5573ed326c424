import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { putCardOrder, putSale, staffOf, ownDataDir } from "./office-support";

/** Resolving sales by hand and managing users, on the app's own code and a database of this file's own. */
ownDataDir();
const { db } = await import("@/lib/db");
const { auditEvents, sales, staffSessions, users } = await import("@/lib/db/schema");
const { listUnresolved } = await import("@/lib/office/unresolved");
const { resolveSale, retryToResolve } = await import("@/lib/office/resolve");
const { createUser, setDisabled, unlockUser, resetPassword } = await import("@/lib/office/users");
const { verifyPassword } = await import("@/lib/auth/password");

type Database = Awaited<ReturnType<typeof db>>;
let database: Database;
beforeAll(async () => {
  database = await db();
});

describe("unresolved sales", () => {
  it("lists unknown sales and paid-but-undelivered card orders, and a written resolution takes them off", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const supervisor = await staffOf(database, "supervisor", "till-1");
    const unknown = await putSale(database, cashier, null, {
      kind: "fines",
      method: "cash",
      status: "unknown",
      amountCents: 50_000,
    });
    const refund = await putSale(database, cashier, null, {
      kind: "vas",
      method: "card",
      status: "failed",
      amountCents: 3_000,
    });
    await putCardOrder(database, refund.id, 3_000, "PAID", new Date(), true);
    const done = await putSale(database, cashier, null, {
      kind: "vas",
      method: "cash",
      status: "completed",
      amountCents: 1_000,
    });

    const listed = await listUnresolved();
    expect(listed.map((i) => [i.saleId, i.why])).toEqual(
      expect.arrayContaining([
        [unknown.id, "unknown"],
        [refund.id, "refund"],
      ]),
    );
    expect(listed.find((i) => i.saleId === unknown.id)).toMatchObject({
      canRetry: false,
      canRecheckFines: true,
      canCheckPayment: false,
    });
    expect(listed.find((i) => i.saleId === refund.id)).toMatchObject({ canCheckPayment: true });
    expect(listed.some((i) => i.saleId === done.id)).toBe(false);

    await resolveSale(supervisor, unknown.id, "completed", "Registry shows both notices paid.");
    await resolveSale(supervisor, refund.id, "failed", "Refunded R30 to the customer's card.");
    expect((await listUnresolved()).some((i) => i.saleId === unknown.id)).toBe(false);
    expect((await listUnresolved()).some((i) => i.saleId === refund.id)).toBe(false);

    const [row] = await database.select().from(sales).where(eq(sales.id, unknown.id));
    expect(row).toMatchObject({
      status: "completed",
      resolvedBy: supervisor.userId,
      resolutionNote: "Registry shows both notices paid.",
    });
    const events = await database
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "sale_resolved"), eq(auditEvents.subject, unknown.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ username: "supervisor" });
    expect(events[0]!.detail).toMatchObject({
      supervisor: "Sipho Supervisor",
      outcome: "completed",
    });

    // Once only: a second resolution is refused, and a completed sale cannot be "resolved".
    await expect(
      resolveSale(supervisor, unknown.id, "failed", "Changed my mind about it"),
    ).rejects.toThrow("not waiting");
    await expect(
      resolveSale(supervisor, done.id, "failed", "Not an unresolved sale"),
    ).rejects.toThrow("not waiting");
  });

  it("sends again only electricity and bill sales", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const supervisor = await staffOf(database, "supervisor", "till-1");
    const vas = await putSale(database, cashier, null, {
      kind: "vas",
      method: "cash",
      status: "unknown",
      amountCents: 1_000,
    });
    await expect(retryToResolve(supervisor, vas.id)).rejects.toThrow(
      "Only an unconfirmed electricity or bill sale",
    );
    const unverified = await putSale(database, cashier, null, {
      kind: "electricity",
      method: "card",
      status: "unknown",
      amountCents: 1_000,
      error: { kind: "card_unverified", message: "not verified" },
    });
    await expect(retryToResolve(supervisor, unverified.id)).rejects.toThrow("never verified");
    expect((await listUnresolved()).find((i) => i.saleId === unverified.id)?.canRetry).toBe(false);
  });
});

describe("users", () => {
  it("never disables the last active supervisor; disabling another ends their sessions", async () => {
    const supervisor = await staffOf(database, "supervisor", "till-1");
    await expect(setDisabled(supervisor, supervisor.userId, true)).rejects.toThrow(
      "last active supervisor",
    );

    const { userId } = await createUser(supervisor, {
      username: "boss2",
      displayName: "Second Boss",
      role: "supervisor",
      password: "a-long-password",
    });
    await expect(
      createUser(supervisor, {
        username: "boss2",
        displayName: "Again",
        role: "cashier",
        password: "a-long-password",
      }),
    ).rejects.toThrow("taken");
    await database.insert(staffSessions).values({ userId, tillId: "till-1" });
    await setDisabled(supervisor, userId, true);
    const open = await database
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.endedAt)));
    expect(open).toHaveLength(0);
    // boss2 is disabled, so the demo supervisor is again the last active one.
    await expect(setDisabled(supervisor, supervisor.userId, true)).rejects.toThrow(
      "last active supervisor",
    );
    await setDisabled(supervisor, userId, false);
    await setDisabled(supervisor, supervisor.userId, true);
    const [me] = await database.select().from(users).where(eq(users.id, supervisor.userId));
    expect(me?.disabled).toBe(true);
    await setDisabled(supervisor, supervisor.userId, false);
  });

  it("unlocks and resets a password, each audited without the password", async () => {
    const supervisor = await staffOf(database, "supervisor", "till-1");
    const trainee = await staffOf(database, "trainee", "till-3");
    await database
      .update(users)
      .set({ failedAttempts: 0, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, trainee.userId));
    await unlockUser(supervisor, trainee.userId);
    await resetPassword(supervisor, trainee.userId, "brand-new-password");
    const [row] = await database.select().from(users).where(eq(users.id, trainee.userId));
    expect(row?.lockedUntil).toBeNull();
    expect(await verifyPassword(row!.passwordHash, "brand-new-password")).toBe(true);
    const changes = await database
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "user_changed"), eq(auditEvents.subject, "trainee")));
    expect(changes.map((c) => c.detail?.change)).toEqual(["unlocked", "password_reset"]);
    expect(JSON.stringify(changes)).not.toContain("brand-new-password");
  });
});
