import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { payBill } from "@/lib/kinds/bill/upstream";
import { confirmMeter, vendElectricity } from "@/lib/kinds/electricity/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { findFinesByIdNumber, markFinesPaid } from "@/lib/kinds/fines/upstream";
import { createOrder } from "@/lib/upstream/orders";
import { checkOrderPaymentStatus } from "@/lib/upstream/reconciliation";
import { listProducts, purchaseVas, quoteVas } from "@/lib/kinds/vas/upstream";
import { listenForRawAnswers } from "@/lib/upstream/raw-answers";
import type { RawAnswer } from "@/lib/db/schema";
import { newKey, startOwnSandbox, testMeter } from "./upstream-sandbox";

/**
 * The client against every dialect of the sandbox (answers the spec allows but the
 * default sandbox does not send): each sale completes with everything the answer
 * carried, and the sandbox executed it once.
 */
const sandbox = await startOwnSandbox();
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.clearDialects();
  await sandbox.clearFaults();
});

const ELECTRICITY = "/v2/Electricity/Purchase";
const TSHWANE = 1;
const KEY_CHANGE_FBE = 4;

const vend = (meterNumber: string, amountCents: number) =>
  vendElectricity({
    meterNumber,
    municipality: "tshwane_prepaid",
    amountCents,
    method: "cash",
    idempotencyKey: newKey(),
  });

/** The call's result and the last answer the core service gave, as the journal keeps it with the sale. */
async function withAnswer<T>(call: () => Promise<T>) {
  const answers: RawAnswer[] = [];
  const result = await listenForRawAnswers(answers, call);
  return { result, raw: { status: answers.at(-1)?.status, body: answers.at(-1)?.body ?? "" } };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("the client in each dialect of the spec", () => {
  it("[electricity.purchase] reads tokens from the printable text when the list is absent, in entry order with their kinds", async () => {
    const meter = testMeter(TSHWANE, KEY_CHANGE_FBE);
    const plain = await vend(meter, 5000);
    await sandbox.dialects(ELECTRICITY, ["printable-tokens"]);
    const before = (await sandbox.transactions()).length;
    const { result, raw } = await withAnswer(() => vend(meter, 5000));
    expect((await sandbox.transactions()).length).toBe(before + 1);
    expect(raw.body).not.toMatch(/"token":\[/);
    expect(result.tokens.map((t) => t.kind)).toEqual(plain.tokens.map((t) => t.kind));
    expect(result.tokens.map((t) => t.label)).toEqual([
      "Key change 1",
      "Key change 2",
      "Credit",
      "Free basic electricity",
    ]);
    for (const t of result.tokens) expect(t.digits).toMatch(/^\d{20}$/);
    expect(result.printedAsIs).toBe(false);
  });

  it("maps other token kind names (KC, BSST, CREDIT) to key change, free basic and credit", async () => {
    await sandbox.dialects(ELECTRICITY, ["token-kinds"]);
    const { result, raw } = await withAnswer(() => vend(testMeter(TSHWANE, KEY_CHANGE_FBE), 5000));
    expect(raw.body).toContain('"type":"BSST"');
    expect(result.tokens.map((t) => t.kind)).toEqual(["key_change", "key_change", "credit", "fbe"]);
  });

  it("takes numbers as strings and success as 1, on confirm, vend, fines and VAS", async () => {
    for (const path of ["*"]) await sandbox.dialects(path, ["string-numbers", "success-one"]);
    const meter = testMeter(TSHWANE, 1);
    const customer = await confirmMeter({ meterNumber: meter, municipality: "tshwane_prepaid" });
    expect(customer.minCents).toBeGreaterThan(0);
    const { result, raw } = await withAnswer(() => vend(meter, 10000));
    expect(raw.body).toContain('"success":1');
    expect(raw.body).toContain('"amount":"100"');
    expect(result.amountCents).toBe(10000);
    expect(result.units).toBeGreaterThan(0);
    expect(result.at.getTime()).toBeGreaterThan(0);
    expect(result.utilityVatNumber).toMatch(/^\d{10}$/);
    const products = await listProducts();
    expect(products.length).toBeGreaterThan(5);
    const fines = await findFinesByIdNumber("8503140123089");
    expect(fines.fines.length).toBeGreaterThan(0);
    expect(fines.fines.every((f) => Number.isInteger(f.grossCents) && f.grossCents > 0)).toBe(true);

    // A sale of every other kind completes in these dialects too, each executed once.
    const before = (await sandbox.transactions()).length;
    const open = fines.fines.find((f) => !f.isPaid);
    if (!open) throw new Error("no open fine");
    const paid = await markFinesPaid({
      paymentReference: `dialect-${Date.now()}`,
      paymentType: "CASH",
      fines: [{ noticeNumber: open.noticeNumber, amountCents: open.grossCents }],
    });
    expect(paid.fines[0]).toMatchObject({
      noticeNumber: open.noticeNumber,
      grossCents: open.grossCents,
    });
    expect(paid.fines[0]?.receiptNumber).toBeTruthy();
    const bill = await payBill({
      accountNumber: "3100200300",
      municipality: "mogale_postpaid",
      amountCents: 1000,
      method: "cash",
      idempotencyKey: newKey(),
    });
    expect(bill).toMatchObject({ amountCents: 1000, receiptNumber: expect.any(String) });
    const voucher = products.find((p) => p.id === "GOOGLEPLAY-100");
    if (!voucher) throw new Error("no voucher product");
    const quote = await quoteVas({ product: voucher, amountCents: 10000 });
    const bought = await purchaseVas({
      product: voucher,
      amountCents: 10000,
      quoteId: quote.quoteId,
      expectedTotalCents: quote.totalCents,
      merchantReference: `dialect-${Date.now()}`,
    });
    expect(bought.pin).toBeTruthy();
    expect((await sandbox.transactions()).length).toBe(before + 3);
  });

  it("[vas.products] in the spec's minimal shape, airtime and data named in the reference ask for a mobile number; others may take one", async () => {
    await sandbox.dialects("*", ["minimal-vas"]);
    const products = await listProducts();
    expect(products.find((p) => p.id === "VOD-AIR-10")).toMatchObject({
      category: "airtime",
      mobileNumber: "required",
    });
    expect(products.find((p) => p.id === "VOD-DATA-1GB")).toMatchObject({
      category: "data",
      mobileNumber: "required",
    });
    // Nothing says whether a voucher goes to a phone: the cashier may give a number.
    expect(products.find((p) => p.id === "GOOGLEPLAY-100")).toMatchObject({
      category: "voucher",
      mobileNumber: "optional",
    });
    // With the full catalogue the category says it.
    await sandbox.clearDialects();
    const full = await listProducts();
    expect(full.find((p) => p.id === "GOOGLEPLAY-100")).toMatchObject({ mobileNumber: "none" });
  });

  it("[vas.purchase] decodes the spec's minimal VAS shapes and completes a voucher on its pin", async () => {
    await sandbox.dialects("*", ["minimal-vas"]);
    const products = await listProducts();
    const voucher = products.find((p) => p.id === "GOOGLEPLAY-100");
    expect(voucher).toMatchObject({
      name: "GOOGLEPLAY-100",
      category: "voucher",
      fixedAmount: true,
    });
    if (!voucher) return;
    const quote = await quoteVas({ product: voucher, amountCents: voucher.amountCents ?? 0 });
    expect(quote.totalCents).toBeGreaterThanOrEqual(voucher.amountCents ?? 0);
    const { result, raw } = await withAnswer(() =>
      purchaseVas({
        product: voucher,
        amountCents: voucher.amountCents ?? 0,
        quoteId: quote.quoteId,
        expectedTotalCents: quote.totalCents,
        merchantReference: `dialect-${Date.now()}`,
      }),
    );
    expect(JSON.parse(raw.body)).toMatchObject({ data: { pin: expect.any(String) } });
    expect(Object.keys((JSON.parse(raw.body) as { data: object }).data)).toEqual([
      "pin",
      "instructions",
    ]);
    expect(result.pin).toBeTruthy();
    expect(result.instructions).toBeTruthy();
  });

  it("[vas.purchase] leaves a sale whose stated total differs from the sale's amount unknown", async () => {
    const products = await listProducts();
    const voucher = products.find((p) => p.id === "GOOGLEPLAY-100");
    if (!voucher) throw new Error("no voucher product");
    const quote = await quoteVas({ product: voucher, amountCents: 10000 });
    const e = await failure(
      purchaseVas({
        product: voucher,
        amountCents: 10000,
        quoteId: quote.quoteId,
        expectedTotalCents: quote.totalCents + 100,
        merchantReference: `dialect-${Date.now()}`,
      }),
    );
    expect(e).toMatchObject({ outcomeKnown: false, reason: "amount_mismatch" });
    expect(e.raw?.body).toContain('"pin"');
  });

  it("[bills.purchase] pays a bill once through the idempotent electricity path even when Bills ignores idempotency", async () => {
    await sandbox.dialects("/v2/Bills/Purchase", ["bills-no-idempotency"]);
    await sandbox.fault({ path: ELECTRICITY, kind: "drop", count: 1 });
    const before = (await sandbox.transactions()).length;
    const input = {
      accountNumber: "3100200300",
      municipality: "mogale_postpaid" as const,
      amountCents: 5000,
      method: "cash" as const,
      idempotencyKey: newKey(),
    };
    const result = await payBill(input);
    expect(result.receiptUrl).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/receipts\//);
    const after = await sandbox.transactions();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      kind: "bill",
      path: ELECTRICITY,
      idempotency: input.idempotencyKey,
    });
  });

  it("shows that the Bills dialect really pays twice for one key (why Kassa never sends it)", async () => {
    await sandbox.dialects("/v2/Bills/Purchase", ["bills-no-idempotency"]);
    const before = (await sandbox.transactions()).length;
    const body = {
      accountNumber: "3100200300",
      municipality: "mogale_postpaid",
      amount: 50,
      method: "cash",
      idempotency: newKey(),
    };
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${sandbox.origin}/api/v2/Bills/Purchase`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-API-KEY": process.env.KASSA_API_KEY ?? "",
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
    expect((await sandbox.transactions()).length).toBe(before + 2);
  });

  it("reads a refusal envelope on an HTTP 500 as a refusal: nothing vended, the outcome known", async () => {
    await sandbox.dialects(ELECTRICITY, ["refusal-500", "string-numbers"]);
    const before = (await sandbox.transactions()).length;
    const e = await failure(vend(testMeter(TSHWANE, 1), 1));
    expect(e).toMatchObject({ kind: "rejected", code: 1002, status: 500, outcomeKnown: true });
    expect((await sandbox.transactions()).length).toBe(before);
  });

  it("[reconciliation.checkOrderPaymentStatus] passes on a PAID whose amount is not the order's (for the card check to refuse)", async () => {
    await sandbox.dialects("/v2/svcCheckOrderPaymentStatus", ["paid-mismatch"]);
    const orderId = newKey();
    await createOrder({
      orderId,
      description: "Dialect test",
      totalCents: 2500,
      lines: [{ id: "1", productId: "p", name: "Thing", unitPriceCents: 2500, quantity: 1 }],
      returnTo: { success: "http://127.0.0.1/ok", cancel: "http://127.0.0.1/cancel" },
      metadata: { till: "t", cashier: "c", kind: "electricity" },
    });
    await sandbox.orderAction(orderId, "pay");
    const status = await checkOrderPaymentStatus(orderId);
    expect(status.paymentStatus).toBe("PAID");
    expect(status.amountCents).toBe(2600);
  });
});
