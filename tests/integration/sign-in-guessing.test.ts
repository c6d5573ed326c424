import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PEER_HEADER,
  PEER_PROOF_HEADER,
  PEER_VIA_HEADER,
  peerProof,
} from "@/lib/security/client-address";
import { journalTargets } from "./journal-targets";

/**
 * next-auth's authorize (lib/auth/options.ts) against each journal: what guessing passwords
 * can learn and how many Argon2 checks it can cost. Every password check is counted through
 * a spy on the real verifyPassword.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/password")>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

type Authorize = (credentials: unknown, req: unknown) => Promise<unknown>;
const g = globalThis as unknown as {
  kassaDb?: Promise<unknown>;
  __kassaLimiters?: unknown;
  kassaPeerSecret?: Buffer;
};
// As Kassa's own server (scripts/serve.mjs) vouches for each request's peer address.
const PEER_SECRET = Buffer.from("this test's stand-in for the server's own secret");
g.kassaPeerSecret = PEER_SECRET;

for (const target of journalTargets("signin")) {
  describe(`sign-in guessing (${target.name})`, () => {
    let drop: () => Promise<void>;
    let authorize: Authorize;
    let schema: typeof import("@/lib/db/schema");
    let database: import("@/lib/db/open").OpenDb["db"];
    let kioskCookie: string;
    let counterCookie: string;
    let address = 0;
    /** Each test signs in from an address of its own, so the address limit of one never reaches another. */
    let from = "";

    beforeAll(async () => {
      const opened = await target.open();
      drop = opened.drop;
      database = opened.db.db;
      await (await import("@/lib/db/seed")).seed(database, { demo: true });
      g.kassaDb = Promise.resolve(opened.db);
      g.__kassaLimiters = undefined;
      schema = await import("@/lib/db/schema");
      const { authOptions } = await import("@/lib/auth/options");
      const provider = authOptions().providers[0] as unknown as {
        options: { authorize: Authorize };
      };
      authorize = provider.options.authorize;
      const { deviceCookieValue, DEVICE_COOKIE } = await import("@/lib/auth/device");
      const [supervisor] = await database
        .select()
        .from(schema.users)
        .where(eq(schema.users.username, "supervisor"));
      const enrol = async (tillId: string) => {
        const [device] = await database
          .insert(schema.tillDevices)
          .values({ tillId, enrolledBy: supervisor!.id })
          .returning();
        return `${DEVICE_COOKIE}=${encodeURIComponent(deviceCookieValue(device!.id))}`;
      };
      kioskCookie = await enrol("kiosk-1");
      counterCookie = await enrol("till-1");
      // Migrations and five Argon2 hashes on a busy machine.
    }, 180_000);

    afterAll(async () => {
      g.kassaDb = undefined;
      g.__kassaLimiters = undefined;
      await drop();
    });

    beforeEach(async () => {
      checks.count = 0;
      from = `10.0.${target.name.length}.${++address}`;
      await database.update(schema.users).set({ failedAttempts: 0, lockedUntil: null });
    });

    /** One sign-in from `from`; its answer (the error message, or "signed in"). */
    const signIn = (username: string, password: string, cookie?: string) =>
      authorize(
        { username, password },
        {
          headers: {
            [PEER_HEADER]: from,
            [PEER_VIA_HEADER]: "direct",
            [PEER_PROOF_HEADER]: peerProof(PEER_SECRET, { address: from, via: "direct" }),
            ...(cookie ? { cookie } : {}),
          },
        },
      ).then(
        () => "signed in",
        (error: Error) => error.message,
      );

    it("answers a right and a wrong password alike on a browser that is not a till, and checks each once", async () => {
      const answers: string[] = [];
      const costs: number[] = [];
      for (const [username, password] of [
        ["cashier2", "cashier-demo-2"],
        ["cashier2", "not-the-password"],
        ["kiosk", "kiosk-demo-1"],
        ["kiosk", "not-the-password"],
        ["no-such-user", "cashier-demo-2"],
      ]) {
        const before = checks.count;
        answers.push(await signIn(username!, password!));
        costs.push(checks.count - before);
      }
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toMatch(/^Wrong user name or password\. .*only supervisors sign in/);
      // The same Argon2 cost whatever the user and password.
      expect(costs).toEqual([1, 1, 1, 1, 1]);
      // The audit still says what happened.
      const reasons = await database
        .select({ detail: schema.auditEvents.detail })
        .from(schema.auditEvents)
        .where(
          and(
            eq(schema.auditEvents.kind, "sign_in_failed"),
            eq(schema.auditEvents.username, "cashier2"),
          ),
        );
      expect(reasons.map((r) => r.detail?.reason)).toEqual(
        expect.arrayContaining(["not_enrolled", "wrong_password"]),
      );
      // A supervisor signs in on that browser.
      expect(await signIn("supervisor", "supervisor-demo-1")).toBe("signed in");
    });

    it("answers a cashier's right and wrong password alike on a kiosk, and the kiosk's alike on a counter till", async () => {
      const onKiosk = [
        await signIn("cashier2", "cashier-demo-2", kioskCookie),
        await signIn("cashier2", "wrong-password", kioskCookie),
        await signIn("nobody", "cashier-demo-2", kioskCookie),
      ];
      expect(new Set(onKiosk).size).toBe(1);
      expect(onKiosk[0]).toMatch(/^Wrong user name or password\./);
      const onCounter = [
        await signIn("kiosk", "kiosk-demo-1", counterCookie),
        await signIn("kiosk", "wrong-password", counterCookie),
      ];
      expect(onCounter).toEqual(["Wrong user name or password.", "Wrong user name or password."]);
      expect(await signIn("cashier2", "cashier-demo-2", counterCookie)).toBe("signed in");
    });

    it("locks after five attempts whether the password was right on the wrong browser, wrong, or the user unknown", async () => {
      const run = async (username: string, password: string) => {
        const answers: string[] = [];
        for (let i = 0; i < 6; i++) answers.push(await signIn(username, password));
        return answers.map((a) => (/locked/.test(a) ? "locked" : a));
      };
      const right = await run("trainee", "trainee-demo-1");
      await database.update(schema.users).set({ failedAttempts: 0, lockedUntil: null });
      const wrong = await run("cashier", "wrong-password");
      const unknown = await run("not-a-user-at-all", "whatever-1");
      expect(right).toEqual(wrong);
      expect(unknown).toEqual(wrong);
      expect(wrong.slice(4)).toEqual(["locked", "locked"]);
      expect(new Set(wrong.slice(0, 4)).size).toBe(1);
    });

    it("checks at most 50 passwords in a burst of 200 sign-ins from one address", async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => signIn(`guess-${i}`, `password-${i}`)),
      );
      expect(checks.count).toBeLessThanOrEqual(50);
      expect(checks.count).toBeGreaterThan(0);
      expect(answers.filter((a) => a.startsWith("Too many attempts")).length).toBe(
        200 - checks.count,
      );
      // The same address stays refused afterwards, before any password is checked.
      const after = checks.count;
      expect(await signIn("supervisor", "supervisor-demo-1")).toMatch(/^Too many attempts/);
      expect(checks.count).toBe(after);
    }, 120_000);

    it("gives a successful sign-in's point back: sign-ins that succeed never use up the address's limit", async () => {
      for (let i = 0; i < 60; i++)
        expect(await signIn("supervisor", "supervisor-demo-1")).toBe("signed in");
    }, 120_000);
  });
}
