import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tcpProxy } from "../../bench/lib/tcp-proxy";
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
 * The journal's PostgreSQL unreachable while a fresh instance starts (a restart during a
 * network cut). Next.js keeps a failed start for good, so the start waits for the journal:
 * once it is back the instance serves and sells, instead of answering 500 to everything.
 */
const sandbox = sandboxClient();

describe.skipIf(!PG_URL)("the database cut while an instance starts", () => {
  let database: TempDatabase;
  let stopSandbox: () => Promise<void>;
  let app: Instance | undefined;
  const proxy = tcpProxy({
    host: new URL(PG_URL ?? "postgresql://127.0.0.1:5432").hostname,
    port: Number(new URL(PG_URL ?? "postgresql://x:5432").port || 5432),
  });

  beforeAll(async () => {
    database = await createDatabase("startcut");
    stopSandbox = (await sandbox.start()).stop;
    await proxy.listen();
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    await proxy.cut();
    await database?.drop();
  });

  it("waits for the journal, then serves and sells", async () => {
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    await proxy.cut();
    const back = new Promise<void>((resolve) =>
      setTimeout(() => void proxy.listen().then(resolve), 6_000),
    );
    const port = await freePort();
    app = await startInstance(port, sandbox.port, { databaseUrl: viaProxy.toString() });
    // The first request starts the server's work (or finds it started): it must not fail for good.
    const first = await fetch(`${app.baseUrl}/login`);
    await back;
    const again = await fetch(`${app.baseUrl}/login`);
    expect([first.status, again.status]).toEqual([200, 200]);
    const till = await cashierWithShift(app.baseUrl);
    expect(saleOf(await purchase(till, crypto.randomUUID()))?.status).toBe("completed");
  });
});
