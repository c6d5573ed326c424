import { describe, expect, it } from "vitest";
import { SANDBOX_API_KEY, SANDBOX_SMS_KEY } from "@/lib/env-schema";
import { ROUTES } from "@/lib/sandbox/routes";
import { privateSandbox, type Envelope } from "./sandbox-helpers";

const sb = privateSandbox();

const PURCHASE = "/v2/Electricity/Purchase";
const purchase = (idempotency: string) => ({
  meterNumber: "01100000007",
  municipality: "tshwane_prepaid",
  amount: 100,
  method: "cash",
  idempotency,
});
const count = async () =>
  ((await sb.control<{ transactions: unknown[] }>("/transactions")).body.transactions ?? []).length;

/** A raw POST whose failure (reset, abort) is returned rather than thrown. */
async function rawPost(
  path: string,
  body: unknown,
  timeoutMs = 2000,
): Promise<{ status?: number; text?: string; error?: string }> {
  try {
    const res = await fetch(`${sb.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-API-KEY": SANDBOX_API_KEY },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { error: (err as Error).name };
  }
}

describe("sandbox: the spec's operations are all served", () => {
  it("every path of the spec has a route", () => {
    const paths = ROUTES.filter((r) => r.api).map(
      (r) => `${r.method} ${r.pattern.replace(/^\/api/, "")}`,
    );
    expect(paths.sort()).toEqual(
      [
        "POST /v2/Electricity/ConfirmCustomer",
        "POST /v2/Electricity/Purchase",
        "POST /v2/Bills/ConfirmCustomer",
        "POST /v2/Bills/Purchase",
        "POST /v1/Merchant/CheckBalance",
        "POST /v1/TrafficFine/ViewByIDnumber",
        "POST /v1/TrafficFine/ViewByBusinessRegistration",
        "POST /v1/TrafficFine/ViewByNoticeNumber",
        "POST /v1/TrafficFine/ValidateMarkTrafficFinesAsPaid",
        "POST /v1/TrafficFine/MarkTrafficFineAsPaid",
        "GET /v1/VAS/Products",
        "POST /v1/VAS/Confirm",
        "POST /v1/VAS/Purchase",
        "POST /v2/putOrder",
        "POST /v1/putOrderV2",
        "POST /v2/svcEndOfDayLedger",
        "POST /v1/svcEndOfDayLedgerV2",
        "POST /v2/svcCheckOrderPaymentStatus",
        "POST /v1/svcCheckOrderPaymentStatusV2",
      ].sort(),
    );
  });
});

describe("sandbox: control surface", () => {
  it("health answers, reset restores the seed, transactions list what was executed", async () => {
    expect((await sb.control("/health")).body).toMatchObject({
      ok: true,
      service: "kassa-sandbox",
    });
    await sb.api(PURCHASE, purchase("t-1"));
    const list = await sb.control<{
      transactions: {
        kind: string;
        path: string;
        idempotency: string;
        amount: number;
        reference: string;
      }[];
    }>("/transactions");
    expect(list.body.transactions).toEqual([
      expect.objectContaining({
        kind: "electricity",
        path: PURCHASE,
        idempotency: "t-1",
        amount: 100,
        reference: expect.any(String),
      }),
    ]);
    await sb.control("/reset", {});
    expect(await count()).toBe(0);
    const balance = await sb.api<Envelope<{ balance: number }>>("/v1/Merchant/CheckBalance", {});
    expect(balance.body.data?.balance).toBe(50000);
  });
});

describe("sandbox: fault injection at the wire", () => {
  it("http500 answers 500 without executing, for the next N calls only", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "http500", count: 2 });
    expect((await rawPost(PURCHASE, purchase("f-1"))).status).toBe(500);
    expect((await rawPost(PURCHASE, purchase("f-1"))).status).toBe(500);
    expect(await count()).toBe(0);
    expect((await rawPost(PURCHASE, purchase("f-1"))).status).toBe(200);
    expect(await count()).toBe(1);
  });

  it("latency delays the answer, which is otherwise normal", async () => {
    await sb.control("/faults", {
      path: "/api/v2/Electricity/ConfirmCustomer",
      kind: "latency",
      ms: 300,
    });
    const started = Date.now();
    const r = await rawPost("/v2/Electricity/ConfirmCustomer", {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(JSON.parse(r.text ?? "null")).toMatchObject({ success: true });
  });

  it("timeout never answers and executes nothing; the client gives up", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "timeout" });
    const r = await rawPost(PURCHASE, purchase("f-2"), 400);
    expect(r.error).toBe("TimeoutError");
    expect(await count()).toBe(0);
  });

  it("malformed commits the purchase and answers 200 with a body that is not JSON (or, variant shape, the wrong JSON)", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "malformed" });
    const r = await rawPost(PURCHASE, purchase("f-3"));
    expect(r.status).toBe(200);
    expect(() => JSON.parse(r.text ?? "")).toThrow();
    expect(await count()).toBe(1);

    await sb.control("/faults", { path: PURCHASE, kind: "malformed", variant: "shape" });
    const shaped = await rawPost(PURCHASE, purchase("f-4"));
    expect(JSON.parse(shaped.text ?? "null")).not.toHaveProperty("success");
    expect(await count()).toBe(2);
  });

  it("drop commits the purchase and closes the connection; the retry with the same key gets the same token", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "drop" });
    const r = await rawPost(PURCHASE, purchase("f-5"));
    expect(r.error).toBe("TypeError");
    expect(await count()).toBe(1);
    const retry = await sb.api<Envelope<{ details: { voucher: { token: { token: string }[] } } }>>(
      PURCHASE,
      purchase("f-5"),
    );
    expect(retry.body.success).toBe(true);
    expect(await count()).toBe(1);
  });

  it("requests counts every call per path, repeats of one key included, where transactions merge them", async () => {
    const requests = async () =>
      (await sb.control<{ requests: Record<string, number> }>("/requests")).body.requests[
        PURCHASE
      ] ?? 0;
    await sb.control("/faults", { path: PURCHASE, kind: "drop" });
    await rawPost(PURCHASE, purchase("f-6"));
    await sb.api(PURCHASE, purchase("f-6"));
    await sb.api(PURCHASE, purchase("f-6"));
    expect(await count()).toBe(1);
    expect(await requests()).toBe(3);
    await sb.control("/reset", {});
    expect(await requests()).toBe(0);
  });

  it("refuse answers a business refusal in the envelope without executing, even for a key that went through", async () => {
    await sb.api(PURCHASE, purchase("f-7"));
    await sb.control("/faults", { path: PURCHASE, kind: "refuse" });
    const refused = await sb.api<Envelope<unknown>>(PURCHASE, purchase("f-7"));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errorNo: 1005 });
    expect(await count()).toBe(1);
    await sb.control("/faults", { path: PURCHASE, kind: "refuse", code: 1002 });
    expect((await sb.api<Envelope<unknown>>(PURCHASE, purchase("f-8"))).body).toMatchObject({
      errorNo: 1002,
    });
    expect(await count()).toBe(1);
  });

  it('"*" matches every /api path; DELETE clears the faults', async () => {
    await sb.control("/faults", { path: "*", kind: "http500", count: 5 });
    expect((await rawPost("/v1/Merchant/CheckBalance", {})).status).toBe(500);
    expect(
      (await sb.control<{ faults: { remaining: number }[] }>("/faults")).body.faults[0]?.remaining,
    ).toBe(4);
    await sb.control("/faults", undefined, "DELETE");
    expect((await rawPost("/v1/Merchant/CheckBalance", {})).status).toBe(200);
  });
});

describe("sandbox: the SMS gateway", () => {
  const sms = (key: string | null, body: unknown) =>
    fetch(`${sb.origin}/sms/v1/message`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(key ? { Authorization: key } : {}) },
      body: JSON.stringify(body),
    });
  const text = { messages: [{ channel: "sms", to: "27825550123", content: "Credit: 1234" }] };

  it("takes a text with its own key, lists it, refuses a wrong key and a bad number", async () => {
    expect((await sms(null, text)).status).toBe(401);
    expect((await sms(SANDBOX_API_KEY, text)).status).toBe(401);
    const bad = await sms(SANDBOX_SMS_KEY, {
      messages: [{ channel: "sms", to: "0825550123x", content: "x" }],
    });
    expect(bad.status).toBe(400);
    const ok = await sms(SANDBOX_SMS_KEY, text);
    expect(ok.status).toBe(202);
    const answer = (await ok.json()) as { messages: { apiMessageId: string; accepted: boolean }[] };
    expect(answer.messages[0]).toMatchObject({ accepted: true });
    const listed = await sb.control<{ messages: { to: string; content: string }[] }>("/sms");
    expect(listed.body.messages).toMatchObject([{ to: "27825550123", content: "Credit: 1234" }]);
    // Not the core service's: neither counted as a request nor executed as a transaction.
    expect(await count()).toBe(0);
  });

  it("takes a fault set for its own path, never a '*' fault of the core service", async () => {
    await sb.control("/faults", { path: "*", kind: "http500", count: 1 });
    expect((await sms(SANDBOX_SMS_KEY, text)).status).toBe(202);
    await sb.control("/faults", { path: "/sms/v1/message", kind: "http500", count: 1 });
    expect((await sms(SANDBOX_SMS_KEY, text)).status).toBe(500);
    expect((await sms(SANDBOX_SMS_KEY, text)).status).toBe(202);
  });

  it("starts and ends a meter's key change", async () => {
    const vend = async (amount: number) => {
      const r = await rawPost(PURCHASE, {
        ...purchase(`kc-${amount}`),
        meterNumber: "01300000005",
        amount,
      });
      return JSON.parse(r.text!) as {
        data: { tokenCount: number; meterDetails: { sgc: number; krn: number } };
      };
    };
    await sb.control("/meters/key-change", { meterNumber: "01300000005", pending: false });
    expect((await vend(101)).data).toMatchObject({ tokenCount: 1, meterDetails: { krn: 1 } });
    await sb.control("/meters/key-change", { meterNumber: "01300000005", pending: null });
    expect((await vend(102)).data).toMatchObject({ tokenCount: 3, meterDetails: { krn: 2 } });
  });
});
