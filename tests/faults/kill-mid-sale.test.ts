import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import {
  act,
  cashierWithShift,
  freePort,
  fresh,
  HISTORY,
  purchase,
  PURCHASE_PATH,
  saleByKey,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
} from "./support/cluster";

/**
 * Kassa SIGKILLed while a vend is on the wire (recorded pending, sent, not settled). After a
 * restart the sale is unknown — never lost, never sold again by itself — and Retry under
 * its own key resolves it with exactly one upstream transaction.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-kill");

describe("killed between recording a sale and settling it", () => {
  let stopSandbox: () => Promise<void>;
  let app: Instance | undefined;
  let till: Session;
  let port: number;

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    app = await startInstance(port, sandbox.port, { dataDir: DATA });
    till = await cashierWithShift(app.baseUrl);
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    fresh(DATA);
  });

  it("restarts with the sale unknown, and Retry completes it once", async () => {
    const key = crypto.randomUUID();
    // A slow core service: the Purchase call arrives, Kassa dies while it waits, and the
    // sandbox then executes the vend anyway (a latency fault works after its delay).
    await sandbox.fault({ path: PURCHASE_PATH, kind: "latency", count: 1, ms: 4_000 });
    const inFlight = purchase(till, key).catch((error: unknown) => error);
    for (let i = 0; i < 600 && (await sandbox.requests(PURCHASE_PATH)) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1); // the Purchase call reached the core service

    await app!.proc.kill9();
    await inFlight;
    app = await startInstance(port, sandbox.port, { dataDir: DATA });
    // The vend the dead Kassa started has happened at the core service by now.
    for (let i = 0; i < 200 && (await sandbox.transactions()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);

    const sale = await saleByKey(till, key);
    expect(sale?.status).toBe("unknown");
    expect(sale?.message).toMatch(/do not sell again/i);

    const retried = await act(till, HISTORY, "retrySaleAction", { saleId: sale!.id });
    expect(saleOf(retried)).toMatchObject({ id: sale!.id, status: "completed" });
    const transactions = (await sandbox.transactions()).filter((t) => t.idempotency === key);
    expect(transactions).toHaveLength(1);
    // Two requests reached the core service (the killed one and the Retry); one vend.
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(2);
  });
});
