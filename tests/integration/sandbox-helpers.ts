/**
 * Helpers for the sandbox's own tests. Each test file gets a private sandbox on a
 * free port: the control surface (reset, faults, clock) is global to one sandbox
 * process, and the shared one from tests/global-setup.ts serves other files at
 * the same time, so resetting or injecting faults there would break their tests.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { SANDBOX_API_KEY } from "@/lib/env-schema";
import { startSandbox } from "@/lib/sandbox/server";

export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface SandboxHandle {
  url: string;
  origin: string;
  api<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    init?: { method?: string; key?: string | null },
  ): Promise<Answer<T>>;
  control<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    method?: string,
  ): Promise<Answer<T>>;
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

/** A private sandbox for this file, reset before each test. */
export function privateSandbox(): SandboxHandle {
  let running: Awaited<ReturnType<typeof startSandbox>> | undefined;
  const handle: SandboxHandle = {
    url: "",
    origin: "",
    async api(path, body, init = {}) {
      const key = init.key === undefined ? SANDBOX_API_KEY : init.key;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (key !== null) headers["X-API-KEY"] = key;
      const res = await fetch(`${handle.url}${path}`, {
        method: init.method ?? "POST",
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer(res);
    },
    async control(path, body, method = body === undefined ? "GET" : "POST") {
      const res = await fetch(`${handle.origin}/__sandbox${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer(res);
    },
  };
  beforeAll(async () => {
    running = await startSandbox({ port: 0 });
    handle.url = running.url;
    handle.origin = running.origin;
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(async () => {
    await handle.control("/reset", {});
  });
  return handle;
}

/** The electricity/bills/merchant/VAS envelope. */
export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T | null;
  error: string | null;
  errorNo: number | null;
}

/** The traffic-fine envelope. */
export interface FineEnvelope<T = Record<string, unknown>> {
  success: 0 | 1;
  result: T | null;
  reference?: string;
  amntProposed?: number;
  error: { code: number; message: string; validationMessage: string[] | null } | null;
}
