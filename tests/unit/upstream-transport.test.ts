import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import type { RawAnswer } from "@/lib/sales/types";
import { UpstreamError } from "@/lib/upstream/errors";
import { listenForRawAnswers } from "@/lib/upstream/raw-answers";
import { assertSafeTarget } from "@/lib/upstream/http";
import { checkBalance } from "@/lib/upstream/merchant";
import { confirmMeter, vendElectricity } from "@/lib/kinds/electricity/upstream";
import { markFinesPaid } from "@/lib/kinds/fines/upstream";
import { fetchLedger } from "@/lib/upstream/reconciliation";

/**
 * Transport behaviour against a tiny local server whose answers each test scripts:
 * headers, body, timeout, retries, redaction. The sandbox tests cover the wire contract.
 */
const KEY = "unit-test-secret-key-123";

type Reply = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let reply: Reply = (_req, _body, res) => res.end();
const seen: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

const balance = {
  success: true,
  data: { balance: 1234.56, services: [], timestamp: 1_790_000_000_000 },
  error: null,
  errorNo: null,
};
const vend = {
  success: true,
  error: null,
  errorNo: null,
  data: {
    name: "A Mokoena",
    amount: 100.1,
    meter: "01234567890",
    timestamp: 1_790_000_000_000,
    token: "receipt text",
    units: 40.2,
    details: {
      trDetails: { vat: 13.06 },
      voucher: {
        token: [{ token: "1".repeat(20), type: "STD", info: "Credit" }],
        amounts: [{ desc: "Arrears", amt: 0.3, outstanding: 120.7 }],
      },
    },
    meterDetails: { sgc: 123456, krn: 1, ti: 2 },
  },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", headers: req.headers, body });
      reply(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.KASSA_UPSTREAM_URL = `http://127.0.0.1:${port}/api`;
  process.env.KASSA_API_KEY = KEY;
  process.env.KASSA_UPSTREAM_TIMEOUT_MS = "400";
  // The failures here are on purpose; the breaker has its own test.
  process.env.KASSA_UPSTREAM_BREAKER_FAILURES = "1000";
  // A fake core service with a key of its own is not the built-in sandbox: say "test" with what test needs.
  process.env.KASSA_UPSTREAM_ENV = "test";
  process.env.NEXTAUTH_SECRET = "k7Qp2Vx9LmR4tZ8wB1nC6yD3fH5jG0sA-transport";
  process.env.KASSA_PUBLIC_URL = "https://kassa.example.co.za";
  process.env.NEXTAUTH_URL = "https://kassa.example.co.za";
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("upstream transport", () => {
  it("sends the key header and a JSON body to the operation's path", async () => {
    reply = (_req, _body, res) => json(res, 200, balance);
    const out = await checkBalance();
    expect(out.balanceCents).toBe(123456);
    expect(seen[0]?.path).toBe("/api/v1/Merchant/CheckBalance");
    expect(seen[0]?.headers["x-api-key"]).toBe(KEY);
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ printReceipts: false });
  });

  it("converts cents to rands on the way out and rands to cents on the way back", async () => {
    reply = (_req, _body, res) => json(res, 200, vend);
    const out = await vendElectricity({
      meterNumber: "01234567890",
      municipality: "tshwane_prepaid",
      amountCents: 10010,
      method: "cash",
      idempotencyKey: "k-1",
    });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      meterNumber: "01234567890",
      municipality: "tshwane_prepaid",
      amount: 100.1,
      method: "cash",
      idempotency: "k-1",
    });
    expect(out).toMatchObject({
      amountCents: 10010,
      vatCents: 1306,
      charges: [{ description: "Arrears", amountCents: 30, outstandingCents: 12070 }],
      breakdown: [{ description: "Arrears" }],
    });
    expect(out.at).toEqual(new Date(1_790_000_000_000));
    await expect(
      vendElectricity({
        meterNumber: "1",
        municipality: "tshwane_prepaid",
        amountCents: 10.5,
        method: "cash",
        idempotencyKey: "k",
      }),
    ).rejects.toThrow(RangeError);
  });

  it("gives up after the timeout and retries a safe look-up with backoff", async () => {
    reply = () => undefined; // never answers
    const started = Date.now();
    const e = await failure(checkBalance({}, { maxAttempts: 2 }));
    expect(e).toMatchObject({ kind: "timeout", outcomeKnown: true });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it("retries a 500 on a look-up and succeeds when the service recovers", async () => {
    let calls = 0;
    reply = (_req, _body, res) => (++calls < 3 ? json(res, 500, {}) : json(res, 200, balance));
    await expect(checkBalance()).resolves.toMatchObject({ balanceCents: 123456 });
    expect(calls).toBe(3);
  });

  it("never repeats mark-paid, and reports its outcome unknown after a 500", async () => {
    reply = (_req, _body, res) => json(res, 500, {});
    const e = await failure(
      markFinesPaid({
        paymentReference: "S-1",
        paymentType: "CASH",
        fines: [{ noticeNumber: "N1", amountCents: 50000 }],
      }),
    );
    expect(e).toMatchObject({ kind: "unavailable", outcomeKnown: false });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]?.body ?? "").finesPaid).toEqual([
      { noticeNumber: "N1", amount: 500, currency: "ZAR" },
    ]);
  });

  it("repeats a vend with the same idempotency key after a dropped connection", async () => {
    let calls = 0;
    reply = (req, _body, res) => (++calls === 1 ? req.socket.destroy() : json(res, 200, vend));
    await expect(
      vendElectricity({
        meterNumber: "01234567890",
        municipality: "tshwane_prepaid",
        amountCents: 10010,
        method: "card",
        idempotencyKey: "same",
      }),
    ).resolves.toBeTruthy();
    expect(seen.map((s) => JSON.parse(s.body).idempotency)).toEqual(["same", "same"]);
  });

  it("keeps a vend unknown when its repeat is refused after a dropped attempt: the refusal proves nothing", async () => {
    let calls = 0;
    const refusal = {
      success: false,
      data: null,
      error: "1005 - duplicate request",
      errorNo: 1005,
    };
    reply = (req, _body, res) => (++calls === 1 ? req.socket.destroy() : json(res, 400, refusal));
    const e = await failure(
      vendElectricity({
        meterNumber: "01234567890",
        municipality: "tshwane_prepaid",
        amountCents: 10010,
        method: "cash",
        idempotencyKey: "dropped-then-refused",
      }),
    );
    expect(seen).toHaveLength(2);
    // Still the refusal (its kind and code), but no longer proof that nothing was sold.
    expect(e).toMatchObject({ kind: "rejected", code: 1005, outcomeKnown: false });
    expect(e.cashierMessage).toMatch(/Not confirmed\. Do not sell again/);
    // The error carries the answer the journal keeps for that attempt: the same shape.
    expect(e.raw).toMatchObject({ operation: "electricity.purchase", status: 400 });
    expect(e.raw?.body).toContain("duplicate request");
  });

  it("fails a vend refused at its first attempt: nothing can have happened", async () => {
    reply = (_req, _body, res) =>
      json(res, 400, { success: false, data: null, error: "1005 - no", errorNo: 1005 });
    const e = await failure(
      vendElectricity({
        meterNumber: "01234567890",
        municipality: "tshwane_prepaid",
        amountCents: 10010,
        method: "cash",
        idempotencyKey: "refused-at-once",
      }),
    );
    expect(seen).toHaveLength(1);
    expect(e).toMatchObject({ kind: "rejected", outcomeKnown: true });
  });

  it("never writes the key in an error or a log line, even when the upstream echoes it", async () => {
    // What is handed to the logger, before its redaction: the key must never get that far.
    const warn = vi.spyOn(log(), "warn").mockImplementation(() => undefined);
    reply = (_req, _body, res) =>
      json(res, 400, {
        success: false,
        data: null,
        error: `9000 - key ${KEY} is suspended`,
        errorNo: 9000,
      });
    const e = await failure(confirmMeter({ meterNumber: "1", municipality: "tshwane_prepaid" }));
    expect(e.kind).toBe("rejected");
    expect(e.cashierMessage).toBe("key [redacted] is suspended");
    const everything = [
      e.message,
      e.cashierMessage,
      JSON.stringify(e),
      e.stack ?? "",
      ...warn.mock.calls.flat().map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))),
    ].join("\n");
    expect(everything).not.toContain(KEY);
    expect(warn).toHaveBeenCalled();
  });

  it("answers a refused connection as unavailable with the outcome known: nothing was sent", async () => {
    const { port } = server.address() as AddressInfo;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.KASSA_UPSTREAM_URL = `http://127.0.0.1:${deadPort}/api`;
    vi.resetModules();
    const fresh = await import("@/lib/kinds/electricity/upstream");
    const e = await fresh
      .vendElectricity(
        {
          meterNumber: "1",
          municipality: "tshwane_prepaid",
          amountCents: 100,
          method: "cash",
          idempotencyKey: "k",
        },
        { maxAttempts: 1 },
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(e).toMatchObject({ kind: "unavailable", outcomeKnown: true });
    process.env.KASSA_UPSTREAM_URL = `http://127.0.0.1:${port}/api`;
    vi.resetModules();
  });

  it("keeps a vend's outcome unknown when a retry is refused a connection after a timeout", async () => {
    const { port } = server.address() as AddressInfo;
    const hanging = http.createServer(() => hanging.close()); // takes the vend, then stops listening
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    process.env.KASSA_UPSTREAM_URL = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/api`;
    vi.resetModules();
    const fresh = await import("@/lib/kinds/electricity/upstream");
    const e = await fresh
      .vendElectricity(
        {
          meterNumber: "1",
          municipality: "tshwane_prepaid",
          amountCents: 100,
          method: "cash",
          idempotencyKey: "k",
        },
        { maxAttempts: 2 },
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(e).toMatchObject({ kind: "unavailable", outcomeKnown: false });
    hanging.closeAllConnections();
    process.env.KASSA_UPSTREAM_URL = `http://127.0.0.1:${port}/api`;
    vi.resetModules();
  });

  it("reads a malformed ledger as malformed and does not retry it", async () => {
    reply = (_req, _body, res) => res.writeHead(200).end("<html>oops</html>");
    expect(await failure(fetchLedger())).toMatchObject({ kind: "malformed" });
    expect(seen).toHaveLength(1);
  });
});

describe("a live key never reaches a test host", () => {
  it("refuses before sending", () => {
    expect(() =>
      assertSafeTarget("merchant.checkBalance", "live", "https://api.staging.example.co.za/api"),
    ).toThrow(UpstreamError);
    expect(() =>
      assertSafeTarget("merchant.checkBalance", "live", "http://127.0.0.1:4010/api"),
    ).toThrow(/test host/);
    expect(() =>
      assertSafeTarget("merchant.checkBalance", "live", "https://api.example.co.za/api"),
    ).not.toThrow();
    expect(() =>
      assertSafeTarget("merchant.checkBalance", "test", "https://api.staging.example.co.za/api"),
    ).not.toThrow();
  });
});

describe("answers the spec allows", () => {
  const vendInput = {
    meterNumber: "01234567890",
    municipality: "tshwane_prepaid" as const,
    amountCents: 10010,
    method: "cash" as const,
    idempotencyKey: "k-short",
  };

  it("leaves a vend with fewer tokens than announced unknown: tokens incomplete, raw answer kept", async () => {
    reply = (_req, _body, res) =>
      json(res, 200, { ...vend, data: { ...vend.data, tokenCount: 3 } });
    const e = await failure(vendElectricity(vendInput));
    expect(e).toMatchObject({
      kind: "malformed",
      outcomeKnown: false,
      reason: "tokens_incomplete",
    });
    expect(e.cashierMessage).toContain("Tokens incomplete");
    expect(e.raw?.status).toBe(200);
    expect(e.raw?.body).toContain('"tokenCount":3');
  });

  it("prints the printable text as it came when it holds no 20-digit token and none was announced", async () => {
    const { details: _drop, ...rest } = vend.data;
    reply = (_req, _body, res) =>
      json(res, 200, { ...vend, data: { ...rest, token: "TOKEN: see municipality SMS" } });
    const result = await vendElectricity(vendInput);
    expect(result).toMatchObject({
      tokens: [],
      printedAsIs: true,
      receiptText: "TOKEN: see municipality SMS",
    });
  });

  it("refuses to read an answer over 1 MiB", async () => {
    reply = (_req, _body, res) => json(res, 200, { ...balance, padding: "x".repeat(1024 * 1024) });
    expect(await failure(checkBalance({}, { maxAttempts: 1 }))).toMatchObject({
      kind: "malformed",
    });
  });

  it("drops one provider_specific field of an unexpected type and confirms the meter", async () => {
    reply = (_req, _body, res) =>
      json(res, 200, {
        success: 1,
        error: null,
        errorNo: null,
        data: {
          exists: true,
          customer: {
            meter_number: "01234567890",
            name: "Mokoena",
            provider_specific: { minLimit: "10", maxLimit: "5000", sgc: { odd: true }, krn: "1" },
          },
        },
      });
    const customer = await confirmMeter({
      meterNumber: "01234567890",
      municipality: "tshwane_prepaid",
    });
    expect(customer).toMatchObject({
      minCents: 1000,
      maxCents: 500000,
      meter: { sgc: null, krn: 1 },
    });
  });

  it("keeps the message of a NOT_FOUND wrapper on the ledger", async () => {
    reply = (_req, _body, res) =>
      json(res, 404, { status: "NOT_FOUND", data: "No ledger for this merchant yet" });
    const e = await failure(fetchLedger({ maxAttempts: 1 }));
    expect(e.cashierMessage).toContain("No ledger for this merchant yet");
  });

  it("reads a ledger with transactions: null as a day without payments", async () => {
    reply = (_req, _body, res) =>
      json(res, 200, {
        success: true,
        businessDate: "2026-11-22",
        transactionCount: "0",
        totalAmount: "0",
        transactions: null,
      });
    const ledger = await fetchLedger();
    expect(ledger).toMatchObject({ entries: [], transactionCount: 0, totalCents: 0 });
  });

  it("keeps a refused connection in the raw answers as 'not sent', for a look-up and a purchase", async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    try {
      // A kept-alive socket of the earlier tests may still be in the client's pool: a request
      // written on it is a dropped connection (it may have gone out), rightly. Use it up first.
      await checkBalance().catch(() => null);
      for (const call of [
        (): Promise<unknown> => checkBalance(),
        () =>
          vendElectricity(
            {
              meterNumber: "01234567890",
              municipality: "tshwane_prepaid",
              amountCents: 10010,
              method: "cash",
              idempotencyKey: "k-refused",
            },
            { maxAttempts: 1 },
          ),
      ]) {
        const answers: RawAnswer[] = [];
        await listenForRawAnswers(answers, () => call().catch(() => null));
        expect(
          answers.map((a) => a.failure),
          JSON.stringify(answers),
        ).toEqual(Array(answers.length).fill("not_sent"));
        expect(answers.length).toBeGreaterThan(0);
      }
    } finally {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    }
  });
});
