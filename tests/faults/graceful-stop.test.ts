import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import { startApp, type Proc } from "../../bench/lib/procs";
import {
  cashierWithShift,
  DIST,
  freePort,
  fresh,
  purchase,
  PURCHASE_PATH,
  saleByKey,
  saleOf,
  sandboxClient,
  waitFor,
} from "./support/cluster";

/**
 * SIGTERM to Kassa's production server (scripts/serve.mjs, what `npm start` and systemd run)
 * while a vend is on the wire: the cashier still gets the completed sale, the journal holds it
 * completed, the core service vended once, and the process exits 0 within the longest upstream
 * call. A Purchase pressed during the stop is refused before anything is recorded or sent, and
 * goes through once, under the same key, after the restart. A signed-out client that drips a
 * request body, or a connection left idle, holds nothing: the stop waits for admitted sales only.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-graceful-stop");
/** lib/env-schema.ts longestCallMs at the default timeout (8 s × 3 attempts + 30 s). */
const BOUND_MS = 8_000 * 3 + 30_000;

const exitOf = (proc: Proc) =>
  new Promise<number | null>((resolve) => {
    if (proc.child.exitCode !== null) return resolve(proc.child.exitCode);
    proc.child.once("exit", (code) => resolve(code));
  });

describe("a graceful stop with a vend in flight", () => {
  let stopSandbox: () => Promise<void>;
  let app: Proc | undefined;
  let till: Session;
  let port: number;
  const start = () =>
    startApp({ port, distDir: DIST, sandboxPort: sandbox.port, dataDir: DATA, serve: true });

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    app = await start();
    till = await cashierWithShift(`http://localhost:${port}`);
  });

  afterAll(async () => {
    await app?.stop();
    await stopSandbox?.();
    fresh(DATA);
  });

  it("answers the sale in flight, refuses a new one, and exits 0", async () => {
    const key = crypto.randomUUID();
    await sandbox.fault({ path: PURCHASE_PATH, kind: "latency", count: 1, ms: 4_000 });
    const inFlight = purchase(till, key);
    await waitFor(
      "the Purchase call",
      async () => (await sandbox.requests(PURCHASE_PATH)) > 0,
      30_000,
    );
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1);

    const signalledAt = performance.now();
    const exit = exitOf(app!);
    app!.child.kill("SIGTERM");
    // The stop has begun once the server says it waits for the sale in flight.
    await waitFor("the stop to begin", () => app!.printedAt(/SIGTERM: stopping/) !== undefined);

    // Pressed during the stop (another meter, so the duplicate guard has nothing to say).
    const lateKey = crypto.randomUUID();
    const late = await purchase(till, lateKey, "01200000006", "tshwane_prepaid", "25");
    expect(late.result?.ok).toBe(false);
    expect(late.result?.error).toMatch(/Kassa is restarting.*nothing was sold/i);
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1);

    // The vend on the wire finished and its answer reached the cashier.
    const answered = await inFlight;
    expect(saleOf(answered)).toMatchObject({ status: "completed" });
    const code = await exit;
    const tookMs = performance.now() - signalledAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(BOUND_MS);
    expect(app!.output()).toMatch(/kassa: stopped/);

    app = await start();
    expect(await saleByKey(till, key)).toMatchObject({ status: "completed" });
    expect(await saleByKey(till, lateKey)).toBeNull();
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1);

    // The refused Purchase, pressed again after the restart under the same key: sold once.
    const again = await purchase(till, lateKey, "01200000006", "tshwane_prepaid", "25");
    expect(saleOf(again)).toMatchObject({ status: "completed" });
    expect((await sandbox.transactions()).filter((t) => t.idempotency === lateKey)).toHaveLength(1);
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(2);
  });

  it("drops a client dripping its request body and an idle connection, takes in the spool, closes the journal, exits 0", async () => {
    const connect = async () => {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
      return socket;
    };
    // A keep-alive connection that asked once and now idles.
    const idle = await connect();
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()));
    const answered = new Promise((resolve) => idle.once("data", resolve));
    idle.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    await answered;
    // A signed-out client that announces a sign-in form and sends it one byte at a time.
    const dripping = await connect();
    dripping.on("error", () => {});
    const droppedByKassa = new Promise<void>((resolve) => dripping.once("close", () => resolve()));
    dripping.write(
      `POST /api/auth/callback/credentials HTTP/1.1\r\nHost: localhost:${port}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nusername=",
    );
    let sent = 0;
    const drip = setInterval(() => {
      if (!dripping.destroyed) dripping.write("a", () => sent++);
    }, 100);
    try {
      await waitFor("five drips", () => sent >= 5, 12_000);
      expect(sent).toBeGreaterThanOrEqual(5);

      const exit = exitOf(app!);
      app!.child.kill("SIGTERM");
      // Kassa hangs up on both long before the body could have arrived (100,000 bytes at 10 a second).
      await Promise.all([droppedByKassa, idleClosed]);
      expect(await exit).toBe(0);
      expect(sent).toBeLessThan(100_000);
      expect(app!.output()).toMatch(/journal closed/);
      expect(app!.output()).toMatch(/kassa: stopped/);
    } finally {
      clearInterval(drip);
      dripping.destroy();
      idle.destroy();
    }
  });
});
