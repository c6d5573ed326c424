import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type Session } from "../../bench/lib/kassa-client";
import { startApp, type Proc } from "../../bench/lib/procs";
import {
  act,
  ACTIONS,
  cashierWithShift,
  DIST,
  freePort,
  fresh,
  saleOf,
  sandboxClient,
  waitFor,
} from "./support/cluster";

/**
 * Kassa SIGKILLed while a till waits for a card payment; the customer pays while it is down.
 * After the restart nobody opens the till again: the follower, started with the server,
 * resumes from the schedule in the journal, finds the payment and lists the sale as paid,
 * not delivered. The supervisor delivers it: one vend, one card payment at the sandbox.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-card-follow");
const SUPERVISOR = { username: "supervisor", password: "supervisor-demo-1", till: "Till 1" };

interface Txn {
  kind: string;
  idempotency: string | null;
  reference: string;
}

async function executed(key: string, saleId: string) {
  const res = await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/transactions`);
  const all = ((await res.json()) as { transactions: Txn[] }).transactions;
  return {
    vends: all.filter((t) => t.kind === "electricity" && t.idempotency === key).length,
    cardPayments: all.filter((t) => t.kind === "card_payment" && t.reference === saleId).length,
  };
}

describe("killed while a till waits for a card payment", () => {
  let stopSandbox: () => Promise<void>;
  let app: Proc | undefined;
  let port: number;
  const start = () =>
    startApp({
      port,
      distDir: DIST,
      sandboxPort: sandbox.port,
      dataDir: DATA,
      extraEnv: { KASSA_CARD_FOLLOW_MINUTE_MS: "1000" },
    });

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    app = await start();
  });

  afterAll(async () => {
    await app?.stop();
    await stopSandbox?.();
    fresh(DATA);
  });

  it("resumes following the order after the restart and lists the payment; delivered once", async () => {
    const baseUrl = `http://localhost:${port}`;
    const till: Session = await cashierWithShift(baseUrl);
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
    const started = await act(till, ACTIONS.card("startCardPaymentAction"), { saleId: sale!.id });
    const view = started.result?.data as { state: string; paymentPageUrl: string };
    expect(view.state).toBe("waiting");
    const polled = await act(till, ACTIONS.card("pollCardPaymentAction"), { saleId: sale!.id });
    expect((polled.result?.data as { state: string }).state).toBe("waiting");

    await app!.kill9();
    app = undefined;
    // The customer pays on the hosted checkout while Kassa is down (no redirect followed).
    const orderId = view.paymentPageUrl.split("/").pop()!;
    const paid = await fetch(`http://127.0.0.1:${sandbox.port}/checkout/${orderId}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(await executed(key, sale!.id)).toEqual({ vends: 0, cardPayments: 1 });

    app = await start();
    // Only the supervisor looks; no till asks about the sale again.
    const office = await signIn(baseUrl, SUPERVISOR);
    await waitFor("the sale on Unresolved as paid, not delivered", async () => {
      const html = await (await office.fetch("/unresolved")).text();
      return html.includes(sale!.id) && html.includes("Paid, not delivered");
    });
    expect(await executed(key, sale!.id)).toEqual({ vends: 0, cardPayments: 1 });

    const delivered = await act(office, ACTIONS.unresolved("deliverPaidSaleAction"), {
      saleId: sale!.id,
    });
    expect(delivered.result, delivered.body.slice(0, 300)).toMatchObject({
      ok: true,
      data: { status: "completed" },
    });
    const again = await act(office, ACTIONS.unresolved("deliverPaidSaleAction"), {
      saleId: sale!.id,
    });
    expect(again.result?.ok).toBe(false);
    expect(await executed(key, sale!.id)).toEqual({ vends: 1, cardPayments: 1 });
  });
});
