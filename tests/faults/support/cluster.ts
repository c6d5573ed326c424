import { Client } from "pg";
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

export { freePort };

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

export async function startInstance(
  port: number,
  sandboxPort: number,
  where: {
    databaseUrl?: string;
    dataDir?: string;
    extraEnv?: Record<string, string>;
    /** `npm start`'s own server (scripts/serve.mjs) instead of `next start`. */
    serve?: boolean;
  },
): Promise<Instance> {
  const proc = await startApp({ port, distDir: DIST, sandboxPort, ...where });
  return { proc, baseUrl: `http://localhost:${port}` };
}

export const fresh = freshDataDir;

/** The demo cashier signed in at `baseUrl` with the till's shift open. */
export async function cashierWithShift(baseUrl: string): Promise<Session> {
  const session = await signIn(baseUrl, CASHIER);
  const opened = await act(session, "app/(till)/shift/actions.ts", "openShiftAction", {
    openingFloat: "500",
  });
  if (!opened.result?.ok && !/already open/.test(opened.result?.error ?? ""))
    throw new Error(`shift: ${opened.body.slice(0, 300)}`);
  return session;
}

export function act(
  session: Session,
  file: string,
  name: string,
  input: unknown,
): Promise<ActionCall> {
  return callAction(session, findAction(DIST, file, name), input);
}

export const ELECTRICITY = "app/(till)/electricity/actions.ts";
export const HISTORY = "lib/actions/sale.ts";

export function purchase(
  session: Session,
  key: string,
  meter = "01100000007",
  municipality = "tshwane_prepaid",
  amount = "40",
) {
  return act(session, ELECTRICITY, "purchaseElectricityAction", {
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
