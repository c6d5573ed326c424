import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import {
  cashierWithShift,
  createDatabase,
  freePort,
  fresh,
  PG_URL,
  purchase,
  PURCHASE_PATH,
  saleByKey,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
  type TempDatabase,
  waitFor,
} from "./support/cluster";

/**
 * Kassa SIGKILLed after recording and claiming an electricity sale but before its Purchase
 * reached the core service (held by a proxy that never forwards it). After the restart the
 * till's same-key Purchase sells it at once, under its key, with one vend: the till never
 * waits for the sweep nor sees "Not confirmed" for a sale that can simply be sent.
 */
function holdingProxy(sandboxPort: number) {
  let holdPurchases = true;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    if (holdPurchases && /electricity\/purchase/i.test(req.url ?? "")) {
      held.push(res); // never forwarded, never answered
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: sandboxPort,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  return {
    held,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
      ),
    release: () => {
      holdPurchases = false;
    },
    stop: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function restartBetweenRecordAndSend(where: () => { databaseUrl?: string; dataDir?: string }) {
  return async () => {
    const sandbox = sandboxClient();
    const stopSandbox = (await sandbox.start()).stop;
    const proxy = holdingProxy(sandbox.port);
    const port = await freePort();
    let app: Instance | undefined;
    try {
      app = await startInstance(port, await proxy.start(), where());
      const till: Session = await cashierWithShift(app.baseUrl);
      const key = crypto.randomUUID();
      const inFlight = purchase(till, key).catch((error: unknown) => error);
      // Recorded and claimed: its Purchase left Kassa and is held before the core service.
      await waitFor("the Purchase to be held", () => proxy.held.length === 1);
      await app.proc.kill9();
      await inFlight;
      expect(await sandbox.requests(PURCHASE_PATH)).toBe(0);

      proxy.release();
      app = await startInstance(port, sandbox.port, where());
      // The till asks the journal first after a reload (this also warms the fresh server up):
      // half-sent, not completed.
      expect((await saleByKey(till, key))?.status).toMatch(/^(pending|unknown)$/);
      // Completed in this one answer: nothing else sends it (the sweep never resends a sale,
      // and no Retry is pressed), so the Purchase itself took it over and sent it, rather
      // than waiting on a sender that is gone (which would answer pending, or not at all).
      const again = saleOf(await purchase(till, key));
      expect(again?.status).toBe("completed");
      expect(await sandbox.requests(PURCHASE_PATH)).toBe(1);
      expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
    } finally {
      await app?.proc.stop();
      await proxy.stop();
      await stopSandbox();
    }
  };
}

describe("restarted between recording a sale and sending it", () => {
  const DATA = fresh(".data/faults-resend");
  afterAll(() => void fresh(DATA));

  it(
    "on the embedded journal, the same-key Purchase itself sells it, once",
    restartBetweenRecordAndSend(() => ({ dataDir: DATA })),
  );
});

describe.skipIf(!PG_URL)("restarted between recording a sale and sending it (PostgreSQL)", () => {
  let database: TempDatabase;
  beforeAll(async () => {
    database = await createDatabase("resend");
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    "the same-key Purchase takes over the dead process's sale and sells it, once",
    restartBetweenRecordAndSend(() => ({ databaseUrl: database.url })),
  );
});
