import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { SANDBOX_API_KEY } from "@/lib/env-schema";
import type { ListedTransaction } from "@/lib/sandbox/control";

/**
 * How the upstream integration tests reach a sandbox. The client reads its
 * configuration once per process (env() is cached), so each test file points the
 * environment at its sandbox before the first call.
 */

export function pointClientAt(
  url: string,
  options: { apiKey?: string; timeoutMs?: number } = {},
): void {
  // Another key than the sandbox's is not the built-in sandbox: it runs as "test", with what test needs.
  const ownKey = options.apiKey !== undefined && options.apiKey !== SANDBOX_API_KEY;
  process.env.KASSA_UPSTREAM_ENV = ownKey ? "test" : "sandbox";
  if (ownKey) {
    process.env.NEXTAUTH_SECRET = "k7Qp2Vx9LmR4tZ8wB1nC6yD3fH5jG0sA-integration";
    process.env.KASSA_PUBLIC_URL = "https://kassa.example.co.za";
    process.env.NEXTAUTH_URL = "https://kassa.example.co.za";
  }
  process.env.KASSA_UPSTREAM_URL = url;
  process.env.KASSA_API_KEY = options.apiKey ?? SANDBOX_API_KEY;
  process.env.KASSA_MERCHANT_ID = "staging";
  process.env.KASSA_UPSTREAM_TIMEOUT_MS = String(options.timeoutMs ?? 5000);
  // Tests inject outages on purpose; the breaker has its own test (upstream-breaker.test.ts).
  process.env.KASSA_UPSTREAM_BREAKER_FAILURES ??= "1000";
}

/** The sandbox tests/global-setup.ts started for the whole run, shared with other files: never reset it. */
export function connectToSharedSandbox(
  options: { apiKey?: string; timeoutMs?: number } = {},
): SandboxControl {
  pointClientAt(inject("sandboxUrl"), options);
  return sandboxControl(inject("sandboxOrigin"));
}

export type FaultKind = "latency" | "timeout" | "http500" | "malformed" | "drop";

export function sandboxControl(origin: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`sandbox control ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    origin,
    reset: () => call("POST", "/reset"),
    transactions: async () =>
      (await call<{ transactions: ListedTransaction[] }>("GET", "/transactions")).transactions,
    fault: (fault: {
      path: string;
      kind: FaultKind;
      count?: number;
      ms?: number;
      variant?: "text" | "shape";
    }) => call("POST", "/faults", fault),
    clearFaults: () => call("DELETE", "/faults"),
    dialects: (path: string, dialects: string[]) => call("POST", "/dialects", { path, dialects }),
    clearDialects: () => call("DELETE", "/dialects"),
    addLedgerPayment: (payment: { paymentReference: string; amount: number; status?: string }) =>
      call("POST", "/ledger/transactions", payment),
    orderAction: (id: string, action: "open" | "pay" | "decline" | "cancel") =>
      call("POST", `/orders/${encodeURIComponent(id)}/${action}`),
  };
}

export type SandboxControl = ReturnType<typeof sandboxControl>;

/** A fresh key per sale, as the journal makes one when the purchase form opens. */
export function newKey(): string {
  return randomUUID();
}

/** Appends a Luhn check digit, as meter, ID and notice numbers carry (docs/sandbox.md). */
export function withLuhn(payload: string): string {
  let sum = 0;
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(payload[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return payload + String((10 - (sum % 10)) % 10);
}

/** Meter numbers follow docs/sandbox.md: 0 M S 0000000 C. */
export function testMeter(municipalityDigit: number, scenarioDigit: number): string {
  return withLuhn(`0${municipalityDigit}${scenarioDigit}0000000`);
}

/** A sandbox of this file's own, for tests that change shared state (faults, paid fines). */
export async function startOwnSandbox(options: { timeoutMs?: number } = {}) {
  const { startSandbox } = await import("@/lib/sandbox/server");
  const sandbox = await startSandbox({ port: 0 });
  pointClientAt(sandbox.url, options);
  return { ...sandboxControl(sandbox.origin), close: sandbox.close };
}
