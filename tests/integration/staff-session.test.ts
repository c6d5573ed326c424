import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * currentStaff (lib/auth/staff.ts) against a journal of its own: a live session costs one
 * statement, which also writes its last-seen time when that is due; a session the rules end
 * (idle, disabled, another browser) is never kept alive by that write. A kiosk's session lasts
 * while its browser is enrolled, until a supervisor closes it.
 */
process.env.KASSA_DATA_DIR = path.join(os.tmpdir(), `kassa-staff-${process.pid}-${Date.now()}`);

const request = vi.hoisted(() => ({
  sessionId: "",
  deviceCookie: undefined as string | undefined,
}));
vi.mock("next-auth", () => ({
  getServerSession: async () => ({ user: { sessionId: request.sessionId } }),
}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === "kassa_device" && request.deviceCookie ? { value: request.deviceCookie } : undefined,
  }),
  headers: async () => new Headers(),
}));

let staffModule: typeof import("@/lib/auth/staff");
let schema: typeof import("@/lib/db/schema");
let database: Awaited<ReturnType<(typeof import("@/lib/db"))["db"]>>;
let countRoundTrips: (typeof import("@/lib/db/round-trips"))["countRoundTrips"];
let ids: { supervisor: string; cashier: string; device: string; cookie: string };

beforeAll(async () => {
  staffModule = await import("@/lib/auth/staff");
  schema = await import("@/lib/db/schema");
  ({ countRoundTrips } = await import("@/lib/db/round-trips"));
  database = await (await import("@/lib/db")).db();
  const userId = async (username: string) =>
    (await database.select().from(schema.users).where(eq(schema.users.username, username)))[0]!.id;
  const supervisor = await userId("supervisor");
  const [device] = await database
    .insert(schema.tillDevices)
    .values({ tillId: "till-1", enrolledBy: supervisor })
    .returning();
  const { deviceCookieValue } = await import("@/lib/auth/device");
  ids = {
    supervisor,
    cashier: await userId("cashier"),
    device: device!.id,
    cookie: deviceCookieValue(device!.id),
  };
});

beforeEach(async () => {
  request.deviceCookie = undefined;
  await database.update(schema.users).set({ disabled: false });
});

/** A session of `userId` last seen `agoMs` ago, made the request's own. */
async function sessionSeen(agoMs: number, userId = ids.supervisor, deviceId?: string) {
  const [row] = await database
    .insert(schema.staffSessions)
    .values({
      userId,
      tillId: deviceId ? "till-1" : null,
      deviceId: deviceId ?? null,
      lastSeenAt: new Date(Date.now() - agoMs),
    })
    .returning();
  request.sessionId = row!.id;
  return row!;
}

async function stored(id: string) {
  const [row] = await database
    .select()
    .from(schema.staffSessions)
    .where(eq(schema.staffSessions.id, id));
  return row!;
}

describe("the signed-in staff member", () => {
  it("is read in one statement, without a write, while last-seen is recent", async () => {
    const session = await sessionSeen(5_000);
    const { result, counts } = await countRoundTrips(() => staffModule.currentStaff());
    expect(result?.username).toBe("supervisor");
    expect(counts.roundTrips).toBe(1);
    expect((await stored(session.id)).lastSeenAt).toEqual(session.lastSeenAt);
  });

  it("writes last-seen in that same statement once it is due", async () => {
    const session = await sessionSeen(2 * 60_000);
    const { result, counts } = await countRoundTrips(() => staffModule.currentStaff());
    expect(result?.username).toBe("supervisor");
    expect(counts.roundTrips).toBe(1);
    const after = await stored(session.id);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it("ends an idle session and does not touch it", async () => {
    const session = await sessionSeen(31 * 60_000);
    expect(await staffModule.currentStaff()).toBeNull();
    const after = await stored(session.id);
    expect(after.lastSeenAt).toEqual(session.lastSeenAt);
    expect(after.endedAt).not.toBeNull();
    // Ended stays ended, even moments later.
    expect(await staffModule.currentStaff()).toBeNull();
  });

  it("keeps out a disabled user without touching the session", async () => {
    const session = await sessionSeen(2 * 60_000);
    await database
      .update(schema.users)
      .set({ disabled: true })
      .where(eq(schema.users.id, ids.supervisor));
    expect(await staffModule.currentStaff()).toBeNull();
    expect((await stored(session.id)).lastSeenAt).toEqual(session.lastSeenAt);
  });

  it("lets a cashier in only on the browser of the session's device", async () => {
    await sessionSeen(2 * 60_000, ids.cashier, ids.device);
    request.deviceCookie = ids.cookie;
    const staff = await staffModule.currentStaff();
    expect(staff?.username).toBe("cashier");
    expect(staff?.till.id).toBe("till-1");
    expect(staff?.deviceId).toBe(ids.device);

    const elsewhere = await sessionSeen(2 * 60_000, ids.cashier, ids.device);
    request.deviceCookie = undefined;
    expect(await staffModule.currentStaff()).toBeNull();
    expect((await stored(elsewhere.id)).endedAt).not.toBeNull();
  });

  it("keeps a kiosk signed in on its enrolled browser however long it stood untouched, until a supervisor closes it", async () => {
    const device = await import("@/lib/auth/device");
    const [kiosk] = await database
      .insert(schema.tillDevices)
      .values({ tillId: "kiosk-1", enrolledBy: ids.supervisor })
      .returning();
    const [kioskUser] = await database
      .select()
      .from(schema.users)
      .where(eq(schema.users.username, "kiosk"));
    const day = 24 * 60 * 60_000;
    // Signed in three days ago, last touched two days ago: a kiosk left alone over a weekend.
    const [session] = await database
      .insert(schema.staffSessions)
      .values({
        userId: kioskUser!.id,
        tillId: "kiosk-1",
        deviceId: kiosk!.id,
        createdAt: new Date(Date.now() - 3 * day),
        lastSeenAt: new Date(Date.now() - 2 * day),
      })
      .returning();
    request.sessionId = session!.id;
    request.deviceCookie = device.deviceCookieValue(kiosk!.id);
    const staff = await staffModule.currentStaff();
    expect(staff?.role).toBe("kiosk");
    expect(staff?.till.id).toBe("kiosk-1");
    expect((await stored(session!.id)).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5_000);

    // "Close the kiosk" on Tills: the session ends, the browser stays an enrolled kiosk (which
    // then tells customers it is closed). A counter till is no kiosk to close.
    expect(await device.closeKioskDevice(ids.device)).toBeNull();
    expect(await device.closeKioskDevice(kiosk!.id)).toEqual({ tillId: "kiosk-1", ended: 1 });
    expect(await staffModule.currentStaff()).toBeNull();
    expect(await staffModule.isKioskBrowser()).toBe(true);
    request.deviceCookie = ids.cookie;
    expect(await staffModule.isKioskBrowser()).toBe(false);
  });
});
