import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import {
  act,
  cashierWithShift,
  ELECTRICITY,
  freePort,
  fresh,
  saleByKey,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
} from "./support/cluster";

/**
 * Kassa SIGKILLed while it opens a card sale's order (the order claimed in the journal, the
 * core service's answer not back yet). No payment page was ever shown, so nobody can have
 * paid: after the restart the till is told at once that nothing was sold, instead of "still
 * being started" until the card sweep ten minutes later.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-card-order-kill");
const PAY = "lib/actions/card-payment.ts";
const PUT_ORDER = "/v2/putOrder";

describe("killed while a card payment's order is being opened", () => {
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

  it("tells the till after the restart that nothing was sold", async () => {
    const key = crypto.randomUUID();
    const recorded = await act(till, ELECTRICITY, "purchaseElectricityAction", {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
      amount: "45",
      method: "card",
      idempotencyKey: key,
    });
    const sale = saleOf(recorded);
    expect(sale?.status, recorded.body.slice(0, 300)).toBe("pending");

    // A slow core service: the order is claimed and asked for, and Kassa dies waiting.
    await sandbox.fault({ path: PUT_ORDER, kind: "latency", count: 1, ms: 4_000 });
    const opening = act(till, PAY, "startCardPaymentAction", { saleId: sale!.id }).catch(
      (error: unknown) => error,
    );
    for (let i = 0; i < 600 && (await sandbox.requests(PUT_ORDER)) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await sandbox.requests(PUT_ORDER)).toBe(1);
    await app!.proc.kill9();
    await opening;
    app = await startInstance(port, sandbox.port, { dataDir: DATA });

    // The till asks again, as its card screen does: the answer, not "still being started".
    const again = await act(till, PAY, "startCardPaymentAction", { saleId: sale!.id });
    expect(again.result, again.body.slice(0, 300)).toMatchObject({
      ok: true,
      data: { state: "not_paid", reason: expect.stringMatching(/nothing was sold/i) },
    });
    expect((await saleByKey(till, key))?.status).toBe("failed");
    // The customer never saw a payment page: no card payment at the core service.
    const res = await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/transactions`);
    const all = ((await res.json()) as { transactions: { kind: string }[] }).transactions;
    expect(all.filter((t) => t.kind === "card_payment")).toHaveLength(0);
  });
});
