import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import { act, cashierWithShift, freePort, fresh, HISTORY, purchase, saleOf, sandboxClient, startInstance, type Instance } from "./support/cluster";

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
    // Hold the Purchase call open (the sandbox does not execute it) until Kassa dies.
    await sandbox.fault({ path: "/v2/Electricity/Purchase", kind: "timeout", count: 1, ms: 120_000 });
    const inFlight = purchase(till, key).catch((error: unknown) => error);
    for (let i = 0; i < 600 && (await sandbox.faults()).some((f) => f.remaining > 0); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await sandbox.faults()).toEqual([]); // the Purchase call reached the core service

    await app!.proc.kill9();
    await inFlight;
    app = await startInstance(port, sandbox.port, { dataDir: DATA });

    const found = await act(till, HISTORY, "saleByKeyAction", { idempotencyKey: key });
    const sale = saleOf(found);
    expect(sale?.status, found.body.slice(0, 300)).toBe("unknown");
    expect(sale?.message).toMatch(/do not sell again/i);

    const retried = await act(till, HISTORY, "retrySaleAction", { saleId: sale!.id });
    expect(saleOf(retried)).toMatchObject({ id: sale!.id, status: "completed" });
    const transactions = (await sandbox.transactions()).filter((t) => t.idempotency === key);
    expect(transactions).toHaveLength(1);
  });
});
