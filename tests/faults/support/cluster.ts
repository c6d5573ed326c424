import { Client } from "pg";
import { ACTIONS, type ActionRef } from "../../../bench/lib/actions";
import { afterAll, beforeAll } from "vitest";
import {
  callAction,
  findAction,
  Session,
  signIn,
  type ActionCall,
} from "../../../bench/lib/kassa-client";
import {
  freePort,
  freshDataDir,
  startApp,
  startSandbox,
  type Proc,
} from "../../../bench/lib/procs";

export { ACTIONS, freePort };

/**
 * The fault tests' world: real `next start` instances of the production build in
 * NEXT_DIST_DIR (default .next; `npm test` builds it first), a real sandbox, and a
 * PostgreSQL database of their own created on TEST_DATABASE_URL's server and dropped after.
 */
export const DIST = process.env.NEXT_DIST_DIR || ".next";
export const PG_URL = process.env.TEST_DATABASE_URL;
export const CASHIER = { username: "cashier", password: "cashier-demo-1", till: "Till 1" };

export interface TempDatabase {
  name: string;
  url: string;
  admin: (sql: string) => Promise<void>;
  drop: () => Promise<void>;
}

export async function createDatabase(tag: string): Promise<TempDatabase> {
  if (!PG_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kassa_faults_${tag}_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: async () => {
      await admin(`alter database ${name} allow_connections true`).catch(() => {});
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A sandbox of the test's own; `port` is known once start() has run. */
export function sandboxClient() {
  let port = 0;
  const origin = () => `http://127.0.0.1:${port}`;
  const post = (path: string, body: unknown) =>
    fetch(`${origin()}/__sandbox/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  return {
    get port() {
      return port;
    },
    start: async () => {
      port = await freePort();
      return startSandbox(port);
    },
    post,
    fault: (body: Record<string, unknown>) => post("faults", body),
    faults: async () =>
      (
        (await (await fetch(`${origin()}/__sandbox/faults`)).json()) as {
          faults: { remaining: number }[];
        }
      ).faults,
    transactions: async () =>
      (
        (await (await fetch(`${origin()}/__sandbox/transactions`)).json()) as {
          transactions: { idempotency: string | null; path: string }[];
        }
      ).transactions,
    /** Every request that reached each API path, repeats of one key included (not merged like transactions). */
    requests: async (apiPath: string) =>
      (
        (await (await fetch(`${origin()}/__sandbox/requests`)).json()) as {
          requests: Record<string, number>;
        }
      ).requests[apiPath] ?? 0,
  };
}

export interface Instance {
  proc: Proc;
  baseUrl: string;
}

export interface Where {
  databaseUrl?: string;
  dataDir?: string;
  extraEnv?: Record<string, string>;
  /** `npm start`'s own server (scripts/serve.mjs) instead of `next start`. */
  serve?: boolean;
}

export async function startInstance(
  port: number,
  sandboxPort: number,
  where: Where,
): Promise<Instance> {
  const proc = await startApp({ port, distDir: DIST, sandboxPort, ...where });
  return { proc, baseUrl: `http://localhost:${port}` };
}

export const fresh = freshDataDir;

/** Polls `check` until it holds; fails naming `what` after `limitMs`. No fixed sleeps in the fault tests. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = 60_000,
): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The usual fault-test world, filled in by `shopWithShift`'s beforeAll. */
export interface Shop {
  sandbox: ReturnType<typeof sandboxClient>;
  /** The instance now running (a new one after `restart`). */
  app: Instance;
  /** The demo cashier, signed in with the till's shift open (the session outlives restarts). */
  till: Session;
  /** Kills the instance at once (SIGKILL: no graceful stop), as a crash would. */
  kill: () => Promise<void>;
  /** Starts the instance again on the same port and journal. */
  restart: () => Promise<Instance>;
}

/**
 * A sandbox of the test's own and one Kassa instance on a fresh journal folder under
 * `.data/faults-<tag>` (or on `where`), with the demo cashier's shift open; stopped and
 * removed after the file. Call inside a describe: it registers that describe's beforeAll and
 * afterAll.
 */
export function shopWithShift(tag: string, where: Omit<Where, "dataDir"> = {}): Shop {
  const sandbox = sandboxClient();
  const dataDir = fresh(`.data/faults-${tag}`);
  let port = 0;
  let stopSandbox: (() => Promise<void>) | undefined;
  let running: Instance | undefined;
  let session: Session | undefined;
  const start = async () => {
    running = await startInstance(port, sandbox.port, { dataDir, ...where });
    return running;
  };
  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    session = await cashierWithShift((await start()).baseUrl);
  });
  afterAll(async () => {
    await running?.proc.stop();
    await stopSandbox?.();
    fresh(dataDir);
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what}: shopWithShift's beforeAll has not run`);
    return value;
  };
  return {
    sandbox,
    get app() {
      return need(running, "app");
    },
    get till() {
      return need(session, "till");
    },
    kill: async () => {
      await need(running, "app").proc.kill9();
      running = undefined;
    },
    restart: start,
  };
}

/** The demo cashier signed in at `baseUrl` with the till's shift open. */
export async function cashierWithShift(baseUrl: string): Promise<Session> {
  const session = await signIn(baseUrl, CASHIER);
  const opened = await act(session, ACTIONS.shift("openShiftAction"), {
    openingFloat: "500",
  });
  if (!opened.result?.ok && !/already open/.test(opened.result?.error ?? ""))
    throw new Error(`shift: ${opened.body.slice(0, 300)}`);
  return session;
}

/** Calls a server action as the signed-in `session`, the way its page's form does. */
export function act(session: Session, action: ActionRef, input: unknown): Promise<ActionCall> {
  return callAction(session, findAction(DIST, action), input);
}

export function purchase(
  session: Session,
  key: string,
  meter = "01100000007",
  municipality = "tshwane_prepaid",
  amount = "40",
) {
  return act(session, ACTIONS.electricity("purchaseElectricityAction"), {
    meterNumber: meter,
    municipality,
    amount,
    method: "cash",
    idempotencyKey: key,
  });
}

export const PURCHASE_PATH = "/v2/Electricity/Purchase";

export type SaleAnswer = { id: string; status: string; message: string | null };
export const saleOf = (call: ActionCall) => call.result?.data as SaleAnswer | undefined;

/** What the journal holds under a key, asked as the till's sale hook asks (its route, not an action). */
export async function saleByKey(session: Session, key: string): Promise<SaleAnswer | null> {
  const res = await session.fetch(`/api/sales/by-key/${key}`);
  return ((await res.json()) as { sale: SaleAnswer | null }).sale;
}
