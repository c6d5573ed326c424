import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type Session } from "../../bench/lib/kassa-client";
import { openDb } from "../../lib/db/open";
import { sales } from "../../lib/db/schema";
import {
  act,
  ACTIONS,
  cashierWithShift,
  CASHIER,
  createDatabase,
  DIST,
  fresh,
  freePort,
  PG_URL,
  purchase,
  PURCHASE_PATH,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
  type TempDatabase,
} from "./support/cluster";

/**
 * Kassa as an operator runs it: `npm start`'s own server (scripts/serve.mjs) of the production
 * build, its stdout and stderr captured. The health answer needs no sign-in, the metrics move
 * after sales and a fault and name no customer, and the whole log is JSON lines that never
 * hold a token, PIN, ID number, password, session or the API key.
 */
const sandbox = sandboxClient();
const SANDBOX_KEY = "kassa-sandbox-key";
const ID_NUMBER = "8503140123089";

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format, one sample per line (comments skipped). */
function parseMetrics(text: string): Series[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function sample(all: Series[], name: string, labels: Record<string, string> = {}): number {
  return all
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(baseUrl: string, init: RequestInit = {}): Promise<Series[]> {
  const res = await fetch(`${baseUrl}/api/metrics`, init);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return parseMetrics(await res.text());
}

/** An address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
}

/** Every string under a key naming a token, PIN or serial (at any depth), anywhere in a sale's result. */
function secretsIn(value: unknown, under = false): string[] {
  // Numbers handed out (tokens, PINs, serials), not their labels or dates.
  if (typeof value === "string")
    return under && /\d{4}/.test(value) && !/^\d{4}-\d{2}-\d{2}/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => secretsIn(v, under));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) =>
      secretsIn(v, under || /token|pin|serial/i.test(k)),
    );
  return [];
}

describe("health, metrics and logs of npm start's server", () => {
  let stopSandbox: () => Promise<void>;
  let app: Instance;
  let till: Session;
  const dataDir = fresh(`.data/faults-ops-${process.pid}`);

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    app = await startInstance(await freePort(), sandbox.port, {
      dataDir,
      serve: true,
      extraEnv: { KASSA_LOG_LEVEL: "debug" },
    });
    till = await cashierWithShift(app.baseUrl);
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    fresh(dataDir);
  });

  it("answers alive and ready without a sign-in, with the journal, breaker and build", async () => {
    const alive = await fetch(`${app.baseUrl}/api/health`, { redirect: "manual" });
    expect(alive.status).toBe(200);
    expect(alive.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const body = (await alive.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      ready: true,
      stopping: false,
      journal: { kind: "pglite", reachable: true, migrationsAtHead: true },
      coreService: { breaker: "closed" },
      spool: { depth: 0 },
      sales: { unknown: 0, paidNotDelivered: 0 },
      build: { id: fs.readFileSync(`${DIST}/BUILD_ID`, "utf8").trim(), version: "0.1.0" },
    });
    // Milliseconds of the health check's own query, a whole non-negative number (not timed here).
    const latencyMs = (body.journal as { latencyMs: number }).latencyMs;
    expect(Number.isInteger(latencyMs) && latencyMs >= 0, String(latencyMs)).toBe(true);
    expect(body.uptimeSeconds).toEqual(expect.any(Number));

    const ready = await fetch(`${app.baseUrl}/api/health?ready=1`, { redirect: "manual" });
    expect(ready.status).toBe(200);
    // Nothing of the configuration's secrets or of the users.
    const text = await ready.text();
    for (const secret of [SANDBOX_KEY, CASHIER.username, CASHIER.password])
      expect(text).not.toContain(secret);
  });

  it("stays ready through 400 concurrent signed-out readiness checks", async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, () =>
        fetch(`${app.baseUrl}/api/health?ready=1`).then((r) => r.status),
      ),
    );
    const notReady = answers.filter((status) => status !== 200).length;
    expect(notReady, `${notReady} of 400 answered otherwise than 200`).toBe(0);
  });

  it("is never counted against the sign-in limits", async () => {
    // Far more visits than the per-address sign-in limit (50 failures): none is refused.
    const answers = await Promise.all(
      Array.from({ length: 80 }, () => fetch(`${app.baseUrl}/api/health`).then((r) => r.status)),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
    // And a cashier signs in afterwards as usual.
    expect((await signIn(app.baseUrl, CASHIER)).cookies().length).toBeGreaterThan(0);
  });

  it("serves the metrics to this machine only when no token is set", async () => {
    await scrape(app.baseUrl);
    const outside = outsideAddress();
    if (!outside) return;
    const port = new URL(app.baseUrl).port;
    // The socket's own address counts: a forwarded-for header claiming loopback changes nothing.
    const refused = await fetch(`http://${outside}:${port}/api/metrics`, {
      headers: { "X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1" },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toMatch(/kassa_/);
    // Health is for anyone, but says only whether Kassa is ready.
    const health = await fetch(`http://${outside}:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ready: true });
  });

  it("counts every kind sold, the calls behind them and their round trips", async () => {
    const before = await scrape(app.baseUrl);

    const electricity = await purchase(till, crypto.randomUUID(), "01200000006");
    expect(saleOf(electricity)?.status, electricity.body.slice(0, 300)).toBe("completed");

    const bill = await act(till, ACTIONS.bills("payBillAction"), {
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid",
      amount: "120",
      method: "cash",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(saleOf(bill)?.status, bill.body.slice(0, 300)).toBe("completed");

    const lookup = await act(till, ACTIONS.fines("lookUpFinesAction"), {
      kind: "id",
      value: ID_NUMBER,
    });
    expect(lookup.result?.ok, lookup.body.slice(0, 300)).toBe(true);
    const fines = await act(till, ACTIONS.fines("payFinesAction"), {
      idempotencyKey: crypto.randomUUID(),
      lookupKind: "id",
      lookupValue: ID_NUMBER,
      method: "cash",
      fines: [{ noticeNumber: "0212600000000019", grossCents: 52_500 }],
    });
    expect(saleOf(fines)?.status, fines.body.slice(0, 300)).toBe("completed");

    for (const quoteInput of [
      { productId: "VOD-AIR-29", mobileNumber: "0821234567" },
      { productId: "GOOGLEPLAY-100" },
    ]) {
      const quote = await act(till, ACTIONS.vas("getVasQuoteAction"), quoteInput);
      const token = (quote.result?.data as { token?: string } | undefined)?.token;
      expect(token, quote.body.slice(0, 300)).toBeTruthy();
      const vas = await act(till, ACTIONS.vas("purchaseVasAction"), {
        idempotencyKey: crypto.randomUUID(),
        quoteToken: token,
        method: "cash",
      });
      expect(saleOf(vas)?.status, vas.body.slice(0, 300)).toBe("completed");
    }

    const after = await scrape(app.baseUrl);
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    for (const kind of ["electricity", "bill", "fines", "vas"])
      expect(
        moved("kassa_sales_settled_total", { kind, method: "cash", status: "completed" }),
        kind,
      ).toBe(kind === "vas" ? 2 : 1);
    expect(
      moved("kassa_upstream_calls_total", { operation: "electricity.purchase", outcome: "ok" }),
    ).toBe(1);
    expect(
      moved("kassa_upstream_call_duration_seconds_count", { operation: "electricity.purchase" }),
    ).toBe(1);
    expect(moved("kassa_journal_round_trips_per_sale_count", {})).toBe(5);
    expect(moved("kassa_journal_round_trips_per_sale_sum", {})).toBeGreaterThanOrEqual(5);
    expect(sample(after, "kassa_upstream_breaker_state", { state: "closed" })).toBe(1);
    expect(sample(after, "kassa_sales_unknown")).toBe(0);
    expect(sample(after, "kassa_spool_depth")).toBe(0);
    expect(sample(after, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("counts a call the core service failed, and health names it as the last call", async () => {
    const before = await scrape(app.baseUrl);
    // Every attempt of the vend fails: the sale is not confirmed, each attempt counted failed.
    await sandbox.fault({ path: PURCHASE_PATH, kind: "http500", count: 3 });
    const call = await purchase(till, crypto.randomUUID(), "01100000007", "tshwane_prepaid", "43");
    expect(saleOf(call)?.status, call.body.slice(0, 300)).not.toBe("completed");
    const after = await scrape(app.baseUrl);
    const failed = (all: Series[]) =>
      all
        .filter(
          (s) =>
            s.name === "kassa_upstream_calls_total" &&
            s.labels.operation === "electricity.purchase" &&
            s.labels.outcome !== "ok",
        )
        .reduce((sum, s) => sum + s.value, 0);
    expect(failed(after) - failed(before)).toBeGreaterThanOrEqual(1);
    const status = saleOf(call)!.status;
    expect(
      sample(after, "kassa_sales_settled_total", { kind: "electricity", status }) -
        sample(before, "kassa_sales_settled_total", { kind: "electricity", status }),
    ).toBe(1);

    const health = (await (await fetch(`${app.baseUrl}/api/health`)).json()) as {
      coreService: { lastCall: { operation: string; outcome: string } };
      sales: { unknown: number };
    };
    expect(health.coreService.lastCall.operation).toBe("electricity.purchase");
    expect(health.coreService.lastCall.outcome).not.toBe("ok");
  });

  it("names no customer, user, key or token in any label", async () => {
    const all = await scrape(app.baseUrl);
    const values = all.flatMap((s) => Object.values(s.labels));
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) {
      // Meters, accounts, notices, ID numbers, phone numbers and tokens are runs of digits.
      expect(value).not.toMatch(/\d{5,}/);
      expect(value).not.toMatch(/cashier|supervisor|kassa-sandbox-key/i);
    }
    // Kassa's own series carry closed sets of labels only.
    const kassaLabels = new Set(
      all.filter((s) => s.name.startsWith("kassa_")).flatMap((s) => Object.keys(s.labels)),
    );
    for (const name of kassaLabels)
      expect(["kind", "method", "status", "operation", "outcome", "state", "le"]).toContain(name);
  });

  it("logs one JSON line per event and never a token, PIN, ID number, password, session or key", async () => {
    const session = till.cookies().find((c) => /session-token/.test(c.name))?.value;
    expect(session).toBeTruthy();
    await app.proc.stop();
    const output = app.proc.output();

    const lines = output.split("\n").filter((line) => line.trim());
    expect(lines.length).toBeGreaterThan(20);
    const events = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line.slice(0, 300)}`);
      }
    });
    for (const event of events) {
      expect(event.level).toEqual(expect.any(String));
      expect(event.time).toEqual(expect.any(String));
      expect(event.msg).toEqual(expect.any(String));
    }
    // Sales are logged with their id and the request that made them, calls with their operation and duration.
    const settled = events.filter((e) => e.msg === "sale settled");
    expect(settled.length).toBeGreaterThanOrEqual(6);
    for (const e of settled) {
      expect(e.saleId).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.requestId).toEqual(expect.any(String));
      expect(e.durationMs).toEqual(expect.any(Number));
    }
    expect(
      events.some(
        (e) => e.operation === "electricity.purchase" && typeof e.durationMs === "number",
      ),
    ).toBe(true);
    expect(events.some((e) => e.msg === "request" && typeof e.status === "number")).toBe(true);
    expect(events.some((e) => /^Kassa ready in/.test(String(e.msg)))).toBe(true);

    // What the sandbox handed out, as the journal keeps it.
    const journal = await openDb({ pgliteDir: dataDir });
    const results = await journal.db.select({ result: sales.result }).from(sales);
    await journal.close();
    const handedOut = results.flatMap((r) => secretsIn(r.result));
    // Electricity tokens (20 digits) and the voucher's PIN are among them: the search is not empty.
    expect(handedOut.some((s) => /^\d{20}$/.test(s.replace(/\s/g, "")))).toBe(true);
    expect(handedOut.length).toBeGreaterThanOrEqual(4);
    const pins = results.flatMap((r) => {
      const pin = (r.result as { pin?: unknown } | null)?.pin;
      return typeof pin === "string" ? [pin] : [];
    });
    expect(pins.length, "the voucher's PIN").toBeGreaterThanOrEqual(1);
    expect(handedOut).toEqual(expect.arrayContaining(pins));

    const secrets = [
      ...handedOut,
      ...handedOut.map((s) => s.replace(/\W/g, "")),
      ID_NUMBER,
      SANDBOX_KEY,
      CASHIER.password,
      session!,
    ];
    for (const secret of secrets) expect(output, `the log holds ${secret}`).not.toContain(secret);
  });
});

describe("metrics behind a token, and readiness when the journal is cut", () => {
  const sandbox = sandboxClient();
  let stopSandbox: () => Promise<void>;
  let app: Instance;
  let database: TempDatabase | undefined;
  const dataDir = fresh(`.data/faults-ops-token-${process.pid}`);
  const TOKEN = "metrics-token-for-the-test-0123456789";

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    database = PG_URL ? await createDatabase("ops") : undefined;
    app = await startInstance(await freePort(), sandbox.port, {
      ...(database ? { databaseUrl: database.url } : { dataDir }),
      serve: true,
      extraEnv: { KASSA_METRICS_TOKEN: TOKEN },
    });
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    await database?.drop();
    fresh(dataDir);
  });

  it("answers a signed-out health check with readiness only; the detail needs the token", async () => {
    for (const query of ["", "?ready=1"]) {
      const signedOut = await fetch(`${app.baseUrl}/api/health${query}`);
      expect(signedOut.status).toBe(200);
      expect(await signedOut.json()).toEqual({ ready: true });
    }
    const detail = await fetch(`${app.baseUrl}/api/health`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(await detail.json()).toMatchObject({
      ready: true,
      journal: { reachable: true, migrationsAtHead: true },
      coreService: { breaker: "closed" },
    });
  });

  it("refuses the metrics without the bearer token, even from this machine", async () => {
    const none = await fetch(`${app.baseUrl}/api/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toMatch(/kassa_/);
    const wrong = await fetch(`${app.baseUrl}/api/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const all = await scrape(app.baseUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(sample(all, "kassa_upstream_breaker_state", { state: "closed" })).toBe(1);
    expect(app.proc.output()).not.toContain(TOKEN);
  });

  it.skipIf(!PG_URL)(
    "is not ready while its database refuses connections, and ready again after",
    async () => {
      const bearer = { headers: { Authorization: `Bearer ${TOKEN}` } };
      const ready = () => fetch(`${app.baseUrl}/api/health?ready=1`, bearer);
      /** Readiness follows the journal after a few checks in a row: wait for it to say `status`. */
      const until = async (status: number) => {
        let answer = await ready();
        for (let i = 0; i < 300 && answer.status !== status; i++) {
          await new Promise((r) => setTimeout(r, 100));
          answer = await ready();
        }
        return answer;
      };
      expect((await ready()).status).toBe(200);
      await database!.admin(`alter database ${database!.name} allow_connections false`);
      await database!.admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database!.name}'`,
      );
      const cut = await until(503);
      expect(cut.status).toBe(503);
      expect(await cut.json()).toMatchObject({
        ready: false,
        journal: { kind: "postgresql", reachable: false },
      });
      // Alive still answers: the process is up, only not ready.
      expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);

      await database!.admin(`alter database ${database!.name} allow_connections true`);
      const back = await until(200);
      expect(back.status).toBe(200);
      expect(await back.json()).toMatchObject({ ready: true, journal: { reachable: true } });
    },
  );
});
