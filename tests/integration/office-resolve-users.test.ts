import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { approved, putCardOrder, putSale, staffOf, ownDataDir } from "./office-support";

/** Resolving sales by hand and managing users, on the app's own code and a database of this file's own. */
ownDataDir();
const { db } = await import("@/lib/db");
const { auditEvents, cardOrders, sales, staffSessions, users } = await import("@/lib/db/schema");
const { listUnresolved } = await import("@/lib/office/unresolved");
const { todayAtAGlance } = await import("@/lib/office/today");
const { resolveSale, retryToResolve } = await import("@/lib/office/resolve");
const { changeOwnPassword, createUser, setDisabled, setRole, unlockUser, resetPassword } =
  await import("@/lib/office/users");
const { verifyPassword } = await import("@/lib/auth/password");

type Database = Awaited<ReturnType<typeof db>>;
let database: Database;
beforeAll(async () => {
  database = await db();
});

describe("unresolved sales", () => {
  it("lists unknown sales and paid-but-undelivered card orders, and a written resolution takes them off", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
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

  it("puts a paid card sale failed by hand on the refund list, and only a paid one", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
    // Paid at the counter, sent, and the core service's answer lost: not confirmed.
    const paid = await putSale(database, cashier, null, {
      kind: "vas",
      method: "card",
      status: "unknown",
      amountCents: 10_250,
    });
    await putCardOrder(database, paid.id, 10_250, "PAID", new Date());
    const unpaid = await putSale(database, cashier, null, {
      kind: "vas",
      method: "card",
      status: "unknown",
      amountCents: 3_000,
    });
    await putCardOrder(database, unpaid.id, 3_000, "PENDING", null);

    await resolveSale(supervisor, paid.id, "failed", "The core service has no such transaction.");
    await resolveSale(supervisor, unpaid.id, "failed", "The core service has no such transaction.");
    const refundOf = async (saleId: string) =>
      (await database.select().from(cardOrders).where(eq(cardOrders.saleId, saleId)))[0]
        ?.needsRefund;
    expect(await refundOf(paid.id)).toBe(true);
    expect(await refundOf(unpaid.id)).toBe(false);
  });

  it("sends again only electricity and bill sales", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
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

describe("the day at a glance", () => {
  it("counts each unresolved sale once: not confirmed, paid not delivered, or a refund owed", async () => {
    const cashier = await staffOf(database, "cashier", "till-1");
    const before = await todayAtAGlance();
    await putSale(database, cashier, null, {
      kind: "electricity",
      method: "cash",
      status: "unknown",
      amountCents: 4_100,
    });
    // Paid after the till stopped waiting: "unknown" in the journal, owed to the customer.
    const owed = await putSale(database, cashier, null, {
      kind: "electricity",
      method: "card",
      status: "unknown",
      amountCents: 8_500,
      attempts: 0,
      error: { kind: "card_paid_not_delivered", message: "Paid after the till stopped waiting." },
    });
    await putCardOrder(database, owed.id, 8_500, "PAID", new Date());
    const refund = await putSale(database, cashier, null, {
      kind: "vas",
      method: "card",
      status: "failed",
      amountCents: 3_000,
    });
    await putCardOrder(database, refund.id, 3_000, "PAID", new Date(), true);

    const after = await todayAtAGlance();
    expect(after.unknownCount - before.unknownCount).toBe(1);
    expect(after.owedCount - before.owedCount).toBe(1);
    expect(after.owedCents - before.owedCents).toBe(8_500);
    expect(after.refundCount - before.refundCount).toBe(1);
    // The same partition as the unresolved page: nothing counted twice, nothing left out.
    const listed = await listUnresolved();
    expect(after.unknownCount + after.owedCount + after.refundCount).toBe(listed.length);
  });
});

describe("users", () => {
  it("never disables the last active supervisor; disabling another ends their sessions", async () => {
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
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
    // With another supervisor active, one's own account is disabled only on an explicit yes.
    await expect(setDisabled(supervisor, supervisor.userId, true)).rejects.toMatchObject({
      code: "confirm_self",
    });
    const [still] = await database.select().from(users).where(eq(users.id, supervisor.userId));
    expect(still?.disabled).toBe(false);
    await setDisabled(supervisor, supervisor.userId, true, { confirmSelf: true });
    const [me] = await database.select().from(users).where(eq(users.id, supervisor.userId));
    expect(me?.disabled).toBe(true);
    await setDisabled(supervisor, supervisor.userId, false);
    await setDisabled(supervisor, userId, true);
  });

  it("demotes one's own account only on an explicit yes, and never the last active supervisor", async () => {
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
    // Alone: no yes makes the last active supervisor anything else.
    await expect(
      setRole(supervisor, supervisor.userId, "cashier", { confirmSelf: true }),
    ).rejects.toThrow("last active supervisor");
    const { userId: other } = await createUser(supervisor, {
      username: "boss3",
      displayName: "Third Boss",
      role: "supervisor",
      password: "a-long-password",
    });
    await expect(setRole(supervisor, supervisor.userId, "cashier")).rejects.toMatchObject({
      code: "confirm_self",
    });
    const boss3 = approved(await staffOf(database, "boss3", "till-1"));
    await database.insert(staffSessions).values({ userId: other, tillId: "till-1" });
    // Another supervisor demoted: their sessions end, the change is audited with both roles.
    await setRole(boss3, supervisor.userId, "supervisor");
    await setRole(supervisor, other, "cashier");
    const [demoted] = await database.select().from(users).where(eq(users.id, other));
    expect(demoted?.role).toBe("cashier");
    const open = await database
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, other), isNull(staffSessions.endedAt)));
    expect(open).toHaveLength(0);
    const [event] = await database
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "user_changed"), eq(auditEvents.subject, "boss3")));
    expect(event?.detail).toMatchObject({ change: "role", from: "supervisor", to: "cashier" });
    // boss3 is a cashier now: the demo supervisor is the last one again.
    await expect(
      setRole(supervisor, supervisor.userId, "kiosk", { confirmSelf: true }),
    ).rejects.toThrow("last active supervisor");
  });

  it("unlocks and resets a password, each audited without the password", async () => {
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
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

describe("passwords", () => {
  it("refuses weak ones next to the field for a new user and a reset", async () => {
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
    for (const weak of ["aaaaaaaaaa", "password12", "1234567890", "kassakassa", "Password1!"])
      await expect(
        createUser(supervisor, {
          username: "weakling",
          displayName: "Weak",
          role: "cashier",
          password: weak,
        }),
        weak,
      ).rejects.toMatchObject({ field: "password" });
    const made = await database.select().from(users).where(eq(users.username, "weakling"));
    expect(made).toHaveLength(0);
    const trainee = await staffOf(database, "trainee", "till-3");
    await expect(
      resetPassword(supervisor, trainee.userId, "trainee-and-more"),
    ).rejects.toMatchObject({ field: "password", message: expect.stringMatching(/user name/) });
    await expect(resetPassword(supervisor, trainee.userId, "P@ssw0rd2024!")).rejects.toMatchObject({
      field: "password",
    });
  });

  it("npm run create-supervisor refuses a weak one before it opens the journal", () => {
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/create-supervisor.ts",
        "--username",
        "boss",
        "--password",
        "Password1234",
      ],
      { encoding: "utf8", env: { ...process.env, KASSA_DATA_DIR: "/nonexistent/never-opened" } },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/too common/);
  });

  it("lets a user change their own, with the current one first; other sessions end; audited", async () => {
    const supervisor = approved(await staffOf(database, "supervisor", "till-1"));
    await createUser(supervisor, {
      username: "sello",
      displayName: "Sello Cashier",
      role: "cashier",
      password: "first of many words",
    });
    const sello = await staffOf(database, "sello", "till-1");
    await expect(
      changeOwnPassword(sello, {
        currentPassword: "not it at all",
        newPassword: "a new set of words",
      }),
    ).rejects.toMatchObject({ field: "currentPassword" });
    await expect(
      changeOwnPassword(sello, {
        currentPassword: "first of many words",
        newPassword: "qwertyuiop12",
      }),
    ).rejects.toMatchObject({ field: "newPassword" });
    const [other] = await database
      .insert(staffSessions)
      .values({ userId: sello.userId, tillId: "till-2" })
      .returning();
    await changeOwnPassword(sello, {
      currentPassword: "first of many words",
      newPassword: "a new set of words",
    });
    const [row] = await database.select().from(users).where(eq(users.id, sello.userId));
    expect(await verifyPassword(row!.passwordHash, "a new set of words")).toBe(true);
    const [ended] = await database
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.id, other!.id));
    expect(ended?.endedAt).not.toBeNull();
    const changes = await database
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "user_changed"), eq(auditEvents.subject, "sello")));
    expect(changes.map((c) => c.detail?.change)).toEqual([
      "own_password_refused",
      "own_password_changed",
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/many words|set of words/);
  });
});
