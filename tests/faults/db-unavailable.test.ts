import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import {
  cashierWithShift,
  createDatabase,
  freePort,
  PG_URL,
  purchase,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
  type TempDatabase,
} from "./support/cluster";

/**
 * The journal's PostgreSQL refuses connections for a moment: a sale is refused with a
 * clear message and nothing reaches the core service; once it is back, the same form
 * (the same key) sells once.
 */
const sandbox = sandboxClient();

describe.skipIf(!PG_URL)("the database unavailable for a moment", () => {
  let database: TempDatabase;
  let stopSandbox: () => Promise<void>;
  let app: Instance;
  let till: Session;

  beforeAll(async () => {
    database = await createDatabase("down");
    stopSandbox = (await sandbox.start()).stop;
    app = await startInstance(await freePort(), sandbox.port, { databaseUrl: database.url });
    till = await cashierWithShift(app.baseUrl);
    expect(saleOf(await purchase(till, crypto.randomUUID()))?.status).toBe("completed");
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    await database?.drop();
  });

  it("refuses the sale with a clear message before anything goes upstream", async () => {
    const before = (await sandbox.transactions()).length;
    await database.admin(`alter database ${database.name} allow_connections false`);
    await database.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`,
    );

    const key = crypto.randomUUID();
    // Another amount than the sale above: the same meter and amount again would need "Sell again".
    const refused = await purchase(till, key, "01100000007", "tshwane_prepaid", "41");
    expect(refused.status).toBe(200);
    expect(refused.result?.ok).toBe(false);
    expect(refused.result?.error).toMatch(/database/i);
    expect(refused.result?.error).toMatch(/nothing was sent|not sold|try again/i);
    expect(await sandbox.transactions()).toHaveLength(before);

    await database.admin(`alter database ${database.name} allow_connections true`);
    const sold = await purchase(till, key, "01100000007", "tshwane_prepaid", "41");
    expect(saleOf(sold)?.status, sold.body.slice(0, 300)).toBe("completed");
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
    expect(app.proc.child.exitCode).toBeNull();
  });
});
