import { describe, expect, it } from "vitest";
import { act, ACTIONS, saleByKey, saleOf, shopWithShift, waitFor } from "./support/cluster";

/**
 * Kassa SIGKILLed while it opens a card sale's order (the order claimed in the journal, the
 * core service's answer not back yet). No payment page was ever shown, so nobody can have
 * paid: after the restart the till is told at once that nothing was sold, instead of "still
 * being started" until the card sweep ten minutes later.
 */
const PUT_ORDER = "/v2/putOrder";

describe("killed while a card payment's order is being opened", () => {
  const shop = shopWithShift("card-order-kill");
  const { sandbox } = shop;

  it("tells the till after the restart that nothing was sold", async () => {
    const { till } = shop;
    const key = crypto.randomUUID();
    const recorded = await act(till, ACTIONS.electricity("purchaseElectricityAction"), {
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
    const opening = act(till, ACTIONS.card("startCardPaymentAction"), { saleId: sale!.id }).catch(
      (error: unknown) => error,
    );
    await waitFor("the order's call", async () => (await sandbox.requests(PUT_ORDER)) > 0, 30_000);
    expect(await sandbox.requests(PUT_ORDER)).toBe(1);
    await shop.kill();
    await opening;
    await shop.restart();

    // The till asks again, as its card screen does: the answer, not "still being started".
    const again = await act(till, ACTIONS.card("startCardPaymentAction"), { saleId: sale!.id });
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
