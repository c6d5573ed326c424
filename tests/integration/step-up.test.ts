import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { totpCode, totpStep } from "@/lib/auth/totp";
import type { Db } from "@/lib/db/open";
import { ownDataDir, putSale, staffOf } from "./office-support";

/**
 * The step-up of money-moving overrides, through the office's own server actions on a journal
 * of this file's own: the session is the one thing stood in for (requireRole answers the
 * supervisor signed in). A wrong confirmation changes nothing and says so next to its field;
 * the password confirms until an authenticator is on, then only a fresh code does, once.
 */
let signedIn: Staff;
vi.mock("@/lib/auth/staff", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/auth/staff")>();
  return {
    ...original,
    requireRole: async (...roles: string[]) => {
      if (!roles.includes(signedIn.role)) throw new original.AccessDenied("wrong_role");
      return signedIn;
    },
  };
});
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

ownDataDir();
const { db } = await import("@/lib/db");
const { auditEvents, sales, users } = await import("@/lib/db/schema");
const { hashPassword } = await import("@/lib/auth/password");
const { resolveSaleAction } = await import("@/app/(office)/unresolved/actions");
const { turnOnTotpAction, turnOffTotpAction, startTotpAction } =
  await import("@/app/(account)/authenticator/actions");
const { waitingSecret } = await import("@/lib/auth/totp-store");

const PASSWORD = "supervisor-demo-1";
let database: Db;
let cashier: Staff;

beforeAll(async () => {
  database = await db();
  cashier = await staffOf(database, "cashier", "till-1");
  signedIn = await staffOf(database, "supervisor", "till-1");
});
afterAll(() => {
  vi.useRealTimers();
});

const unknownSale = () =>
  putSale(database, cashier, null, {
    kind: "vas",
    method: "cash",
    status: "unknown",
    amountCents: 2_900,
  });

/** A supervisor of the test's own: each test counts its wrong confirmations from nought. */
async function newSupervisor(username: string): Promise<Staff> {
  await database.insert(users).values({
    username,
    displayName: `Boss ${username}`,
    role: "supervisor",
    passwordHash: await hashPassword(PASSWORD),
  });
  return staffOf(database, username, "till-1");
}

const resolve = (saleId: string, confirm: string) =>
  resolveSaleAction({
    saleId,
    outcome: "failed",
    reason: "The core service has no such transaction.",
    confirm,
  });

async function saleState(saleId: string) {
  const [row] = await database.select().from(sales).where(eq(sales.id, saleId));
  const resolutions = await database
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "sale_resolved"), eq(auditEvents.subject, saleId)));
  return { status: row!.status, resolvedAt: row!.resolvedAt, resolutions };
}

describe("an override's step-up", () => {
  it("refuses a wrong password next to its field and changes nothing; the right one resolves, naming the approver", async () => {
    const sale = await unknownSale();
    const empty = await resolve(sale.id, "");
    expect(empty).toMatchObject({ ok: false, code: "invalid_input" });
    expect(empty.ok || empty.fieldErrors?.confirm).toMatch(/Confirm with your password/);

    const wrong = await resolve(sale.id, "not-my-password");
    expect(wrong).toEqual({
      ok: false,
      error: "That is not your password.",
      fieldErrors: { confirm: "That is not your password." },
      code: "step_up_refused",
    });
    expect(await saleState(sale.id)).toMatchObject({
      status: "unknown",
      resolvedAt: null,
      resolutions: [],
    });
    const refusals = await database
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "step_up_refused"));
    expect(refusals.map((e) => [e.subject, e.detail, e.username])).toEqual([
      ["resolve", { how: "password" }, "supervisor"],
    ]);

    const right = await resolve(sale.id, PASSWORD);
    expect(right).toEqual({ ok: true, data: { saleId: sale.id, status: "failed" } });
    const after = await saleState(sale.id);
    expect(after.status).toBe("failed");
    expect(after.resolutions).toHaveLength(1);
    expect(after.resolutions[0]!.detail).toMatchObject({
      how: "by_hand",
      approvedBy: signedIn.name,
      approvedById: signedIn.userId,
      approval: "password",
    });
  });

  it("takes only an authenticator's fresh code once it is on, each code once, never an old one", async () => {
    signedIn = await newSupervisor("boss2");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    const step = totpStep(new Date());

    expect(await startTotpAction({})).toEqual({ ok: true, data: { started: true } });
    const secret = (await waitingSecret(signedIn.userId))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Turning it on asks for the password first, then the app's code.
    const noPassword = await turnOnTotpAction({ code: totpCode(secret, step), confirm: "nope" });
    expect(noPassword).toMatchObject({
      ok: false,
      fieldErrors: { confirm: "That is not your password." },
    });
    const wrongCode = await turnOnTotpAction({ code: "000000", confirm: PASSWORD });
    expect(wrongCode).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringMatching(/not the code/) },
    });
    expect(await turnOnTotpAction({ code: totpCode(secret, step), confirm: PASSWORD })).toEqual({
      ok: true,
      data: { on: true },
    });

    const sale = await unknownSale();
    // The password no longer confirms; the code that turned it on is spent; an old one is refused.
    for (const confirm of [PASSWORD, totpCode(secret, step), totpCode(secret, step - 1)]) {
      const refused = await resolve(sale.id, confirm);
      expect(refused, confirm).toMatchObject({
        ok: false,
        code: "step_up_refused",
        fieldErrors: { confirm: expect.stringMatching(/not the current code/) },
      });
    }
    expect(await saleState(sale.id)).toMatchObject({ status: "unknown", resolutions: [] });

    // A code of the next step (the phone's clock a little ahead) is fresh: taken once.
    const fresh = totpCode(secret, step + 1);
    expect(await resolve(sale.id, fresh)).toMatchObject({ ok: true, data: { status: "failed" } });
    const { resolutions } = await saleState(sale.id);
    expect(resolutions[0]!.detail).toMatchObject({ approval: "totp", approvedBy: signedIn.name });

    // Turned off with the password: the password confirms again.
    expect(await turnOffTotpAction({ confirm: PASSWORD })).toEqual({
      ok: true,
      data: { on: false },
    });
    const again = await unknownSale();
    expect(await resolve(again.id, PASSWORD)).toMatchObject({ ok: true });
    vi.useRealTimers();
  });

  it("stops after five wrong confirmations, even the right one, and says so by the field", async () => {
    signedIn = await newSupervisor("boss3");
    const sale = await unknownSale();
    for (let i = 1; i <= 5; i++)
      expect(await resolve(sale.id, `guess-${i}`), `guess ${i}`).toMatchObject({
        ok: false,
        code: "step_up_refused",
      });
    for (const confirm of ["guess-6", PASSWORD])
      expect(await resolve(sale.id, confirm), confirm).toMatchObject({
        ok: false,
        code: "rate_limited",
        fieldErrors: { confirm: expect.stringMatching(/^Too many attempts\. Wait 1[45] minute/) },
      });
    expect(await saleState(sale.id)).toMatchObject({ status: "unknown", resolutions: [] });
    const limited = await database
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "rate_limited"), eq(auditEvents.username, "boss3")));
    expect(limited.map((e) => e.detail)).toMatchObject([{ limit: "stepUp" }, { limit: "stepUp" }]);
  });
});
