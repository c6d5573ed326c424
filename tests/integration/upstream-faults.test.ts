import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmMeter, vendElectricity } from "@/lib/kinds/electricity/upstream";
import type { RawAnswer } from "@/lib/db/schema";
import { UpstreamError } from "@/lib/upstream/errors";
import { markFinesPaid } from "@/lib/kinds/fines/upstream";
import { checkBalance } from "@/lib/upstream/merchant";
import { OPERATIONS } from "@/lib/upstream/operations";
import { listenForRawAnswers } from "@/lib/upstream/raw-answers";
import { listProducts, purchaseVas, quoteVas } from "@/lib/kinds/vas/upstream";
import { newKey, startOwnSandbox, testMeter } from "./upstream-sandbox";

// Faults are per path on the sandbox; a shared one would hand them to other files' calls.
const TIMEOUT_MS = 1000;
let sandbox: Awaited<ReturnType<typeof startOwnSandbox>>;
beforeAll(async () => {
  sandbox = await startOwnSandbox({ timeoutMs: TIMEOUT_MS });
});
afterEach(async () => {
  await sandbox.clearFaults();
});
afterAll(async () => {
  await sandbox.close();
});

const METER = testMeter(1, 1);
const PURCHASE = OPERATIONS["electricity.purchase"].path;
const CONFIRM = OPERATIONS["electricity.confirmCustomer"].path;
const VAS_PURCHASE = OPERATIONS["vas.purchase"].path;

const vendOnce = (idempotencyKey = newKey()) =>
  vendElectricity(
    {
      meterNumber: METER,
      municipality: "tshwane_prepaid",
      amountCents: 5000,
      method: "cash",
      idempotencyKey,
    },
    { maxAttempts: 1 },
  );

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function sellVoucher() {
  const voucher = (await listProducts()).find((p) => p.id === "SHOWMAX-99");
  if (!voucher) throw new Error("SHOWMAX-99 missing from the sandbox catalogue");
  // Products with a fee need a quote first (docs/sandbox.md).
  const quote = await quoteVas({ product: voucher, amountCents: 9900 });
  return purchaseVas({
    product: voucher,
    amountCents: 9900,
    quoteId: quote.quoteId,
    merchantReference: `fault-${newKey()}`,
  });
}

const countAt = async (path: string) =>
  (await sandbox.transactions()).filter((t) => t.path === path).length;

describe("faults surface as the right error", () => {
  it("[electricity.confirmCustomer] timeout: a look-up that never answers is a timeout with nothing at stake", async () => {
    await sandbox.fault({ path: CONFIRM, kind: "timeout", count: 1 });
    const started = Date.now();
    const e = await failure(
      confirmMeter({ meterNumber: METER, municipality: "tshwane_prepaid" }, { maxAttempts: 1 }),
    );
    expect(e).toMatchObject({ kind: "timeout", outcomeKnown: true });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it("[electricity.purchase] timeout: a vend without an answer has an unknown outcome", async () => {
    await sandbox.fault({ path: PURCHASE, kind: "timeout", count: 1 });
    const e = await failure(vendOnce());
    expect(e).toMatchObject({ kind: "timeout", outcomeKnown: false });
    expect(e.cashierMessage).toContain("Do not sell again");
  });

  it("[electricity.purchase] http500: unavailable, outcome unknown for a vend, known for a look-up", async () => {
    await sandbox.fault({ path: PURCHASE, kind: "http500", count: 1 });
    expect(await failure(vendOnce())).toMatchObject({
      kind: "unavailable",
      outcomeKnown: false,
      status: 500,
    });
    await sandbox.fault({ path: CONFIRM, kind: "http500", count: 1 });
    expect(
      await failure(
        confirmMeter({ meterNumber: METER, municipality: "tshwane_prepaid" }, { maxAttempts: 1 }),
      ),
    ).toMatchObject({ kind: "unavailable", outcomeKnown: true });
  });

  it("[merchant.checkBalance] http500 once: a safe look-up is retried and succeeds", async () => {
    await sandbox.fault({
      path: OPERATIONS["merchant.checkBalance"].path,
      kind: "http500",
      count: 1,
    });
    await expect(checkBalance()).resolves.toMatchObject({ balanceCents: expect.any(Number) });
  });

  it("[vas.purchase] malformed: the sale happened upstream but its answer is unreadable, so the outcome is unknown", async () => {
    const before = await countAt(VAS_PURCHASE);
    await sandbox.fault({ path: VAS_PURCHASE, kind: "malformed", count: 1 });
    expect(await failure(sellVoucher())).toMatchObject({ kind: "malformed", outcomeKnown: false });
    expect(await countAt(VAS_PURCHASE)).toBe(before + 1);
  });

  it("[merchant.checkBalance] malformed (JSON of the wrong shape): malformed, not retried", async () => {
    await sandbox.fault({
      path: OPERATIONS["merchant.checkBalance"].path,
      kind: "malformed",
      variant: "shape",
      count: 2,
    });
    expect(await failure(checkBalance())).toMatchObject({ kind: "malformed", outcomeKnown: true });
    // The second malformed answer is still waiting: the client asked only once.
    expect(await failure(checkBalance())).toMatchObject({ kind: "malformed" });
  });

  it("[vas.purchase] drop: committed then the connection closed, outcome unknown, never repeated", async () => {
    const before = await countAt(VAS_PURCHASE);
    await sandbox.fault({ path: VAS_PURCHASE, kind: "drop", count: 1 });
    expect(await failure(sellVoucher())).toMatchObject({
      kind: "unavailable",
      outcomeKnown: false,
    });
    expect(await countAt(VAS_PURCHASE)).toBe(before + 1);
  });

  it("[electricity.purchase] drop: repeated with the same key, the first vend's tokens come back and nothing is vended twice", async () => {
    const key = newKey();
    await sandbox.fault({ path: PURCHASE, kind: "drop", count: 1 });
    const sale = await vendElectricity({
      meterNumber: METER,
      municipality: "tshwane_prepaid",
      amountCents: 5000,
      method: "cash",
      idempotencyKey: key,
    });
    expect(sale.tokens[0]?.digits).toMatch(/^\d{20}$/);
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
  });

  it("[electricity.purchase] timeout then retry with the same key: one vend", async () => {
    const key = newKey();
    await sandbox.fault({ path: PURCHASE, kind: "timeout", count: 1 });
    const sale = await vendElectricity({
      meterNumber: METER,
      municipality: "tshwane_prepaid",
      amountCents: 5000,
      method: "cash",
      idempotencyKey: key,
    });
    expect(sale.amountCents).toBe(5000);
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
  });

  it("[fines.markAsPaid] http500: not repeated, outcome unknown", async () => {
    await sandbox.fault({ path: OPERATIONS["fines.markAsPaid"].path, kind: "http500", count: 2 });
    const input = {
      paymentReference: "fault-fines",
      paymentType: "CASH" as const,
      fines: [{ noticeNumber: "0412600000000017", amountCents: 102500 }],
    };
    expect(await failure(markFinesPaid(input))).toMatchObject({
      kind: "unavailable",
      outcomeKnown: false,
    });
    // One 500 is left: the client sent the request once.
    expect(await failure(markFinesPaid(input))).toMatchObject({ kind: "unavailable", status: 500 });
  });

  it("[electricity.confirmCustomer] latency: a slow answer within the timeout succeeds, one beyond it times out", async () => {
    await sandbox.fault({ path: CONFIRM, kind: "latency", ms: 300, count: 1 });
    const started = Date.now();
    await expect(
      confirmMeter({ meterNumber: METER, municipality: "tshwane_prepaid" }),
    ).resolves.toMatchObject({ meterNumber: METER });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await sandbox.fault({ path: CONFIRM, kind: "latency", ms: TIMEOUT_MS + 500, count: 1 });
    expect(
      await failure(
        confirmMeter({ meterNumber: METER, municipality: "tshwane_prepaid" }, { maxAttempts: 1 }),
      ),
    ).toMatchObject({ kind: "timeout" });
  });
});

describe("what the raw answers keep of a call that got none", () => {
  const noted = async (call: () => Promise<unknown>) => {
    const answers: RawAnswer[] = [];
    await listenForRawAnswers(answers, () => call().catch(() => null));
    return answers.map((a) => a.failure);
  };

  it("a status check or look-up that times out is a timeout, as the log says, not 'not sent'", async () => {
    await sandbox.fault({ path: CONFIRM, kind: "timeout", count: 1 });
    expect(
      await noted(() =>
        confirmMeter({ meterNumber: METER, municipality: "tshwane_prepaid" }, { maxAttempts: 1 }),
      ),
    ).toEqual(["timeout"]);
  });

  it("a purchase that times out is a timeout too: one label per failure, whatever the call", async () => {
    await sandbox.fault({ path: PURCHASE, kind: "timeout", count: 1 });
    expect(await noted(() => vendOnce())).toEqual(["timeout"]);
  });
});
