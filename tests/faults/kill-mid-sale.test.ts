import { describe, expect, it } from "vitest";
import {
  act,
  ACTIONS,
  purchase,
  PURCHASE_PATH,
  saleByKey,
  saleOf,
  shopWithShift,
  waitFor,
} from "./support/cluster";

/**
 * Kassa SIGKILLed while a vend is on the wire (recorded pending, sent, not settled). After a
 * restart the sale is unknown — never lost, never sold again by itself — and Retry under
 * its own key resolves it with exactly one upstream transaction.
 */
describe("killed between recording a sale and settling it", () => {
  const shop = shopWithShift("kill");
  const { sandbox } = shop;

  it("restarts with the sale unknown, and Retry completes it once", async () => {
    const key = crypto.randomUUID();
    // A slow core service: the Purchase call arrives, Kassa dies while it waits, and the
    // sandbox then executes the vend anyway (a latency fault works after its delay).
    await sandbox.fault({ path: PURCHASE_PATH, kind: "latency", count: 1, ms: 4_000 });
    const { till } = shop;
    const inFlight = purchase(till, key).catch((error: unknown) => error);
    await waitFor(
      "the Purchase call",
      async () => (await sandbox.requests(PURCHASE_PATH)) > 0,
      30_000,
    );
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1); // the Purchase call reached the core service

    await shop.kill();
    await inFlight;
    await shop.restart();
    // The vend the dead Kassa started has happened at the core service by now.
    await waitFor("the vend", async () => (await sandbox.transactions()).length > 0, 10_000);
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);

    const sale = await saleByKey(till, key);
    expect(sale?.status).toBe("unknown");
    expect(sale?.message).toMatch(/do not sell again/i);

    const retried = await act(till, ACTIONS.sale("retrySaleAction"), { saleId: sale!.id });
    expect(saleOf(retried)).toMatchObject({ id: sale!.id, status: "completed" });
    const transactions = (await sandbox.transactions()).filter((t) => t.idempotency === key);
    expect(transactions).toHaveLength(1);
    // Two requests reached the core service (the killed one and the Retry); one vend.
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(2);
  });
});
