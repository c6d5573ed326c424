import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import { PROCESS_TAG } from "./presence";
import * as schema from "./schema";
import { acquireFolderLock } from "./lock";
import { asPglite, openPgliteThread, type PgliteThread } from "./pglite-thread";
import { noteJournalTrip, noteStatementInTransaction } from "./round-trips";
import { log } from "../log";

/**
 * Opening the journal database, without the server-only guard so that tests and
 * command-line scripts can open their own. The app uses lib/db/index.ts.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDb {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded journal only: PGlite's dump of its folder (a tar), at one moment between transactions. */
  snapshot?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export type DbTarget = { postgresUrl: string } | { pgliteDir: string } | { memory: true };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
// Any constant works; it only has to be the same for every Kassa instance on one database.
const MIGRATION_LOCK_ID = 4_517_001;

export async function openDb(target: DbTarget): Promise<OpenDb> {
  if ("postgresUrl" in target) {
    const pool = new Pool({
      connectionString: target.postgresUrl,
      max: 10,
      // At least one connection stays open while the process lives: another instance reads a
      // process with none in pg_stat_activity as gone and resends its sales (lib/sales/send.ts).
      min: 1,
      application_name: PROCESS_TAG,
      // No request waits without end for the journal: a connection that cannot be made (the
      // network swallows it, or every pooled connection is busy) fails as "journal
      // unreachable" after 15 s, and TCP keep-alive finds a connection whose far end went silent.
      connectionTimeoutMillis: 15_000,
      keepAlive: true,
    });
    // An idle connection that dies (the database restarts, the network drops) must not take
    // the server down with it: the pool drops it and the next query connects again.
    pool.on("error", (error) => log().error({ err: error }, "journal connection lost"));
    // Several instances may start together: serialise their migrations with an advisory lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return {
      db: drizzlePg({ client: countedPool(pool), schema }),
      kind: "postgres",
      close: () => pool.end(),
    };
  }
  let release = async () => {};
  let dataDir: string | undefined;
  if ("pgliteDir" in target) {
    dataDir = path.resolve(target.pgliteDir);
    // PGlite has no lock of its own; two processes on one folder corrupt it silently.
    release = await acquireFolderLock(dataDir);
  }
  let thread: PgliteThread;
  try {
    // Its own thread opens the folder and applies the migrations (lib/db/pglite-worker.mjs).
    // KASSA_JOURNAL_TEMPLATE_DIR: test runs copy a migrated empty journal instead of making
    // each anew (lib/db/pglite-worker.mjs); a shop never sets it.
    thread = await openPgliteThread({
      dataDir,
      migrationsFolder,
      templateDir: process.env.KASSA_JOURNAL_TEMPLATE_DIR || undefined,
    });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    db: drizzlePglite({ client: countedPglite(asPglite(thread)), schema }),
    kind: "pglite",
    snapshot: () => thread.snapshot(),
    close: async () => {
      await thread.close();
      await release();
    },
  };
}

/** A method of `target` bound to it, so that proxies keep private fields working. */
function bound(target: object, prop: string | symbol): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}

/**
 * The PGlite client as drizzle sees it, counting round trips (lib/db/round-trips.ts): a
 * query or exec is one, a transaction is one however many statements it holds.
 */
function countedPglite(client: PGlite): PGlite {
  const countStatements = <T extends object>(tx: T): T =>
    new Proxy(tx, {
      get(target, prop) {
        const value = bound(target, prop);
        if (
          (prop === "query" || prop === "exec" || prop === "sql") &&
          typeof value === "function"
        ) {
          return (...args: unknown[]) => {
            noteStatementInTransaction();
            return (value as (...a: unknown[]) => unknown)(...args);
          };
        }
        return value;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      const value = bound(target, prop);
      if ((prop === "query" || prop === "exec") && typeof value === "function") {
        return (...args: unknown[]) => {
          noteJournalTrip("roundTrip");
          return (value as (...a: unknown[]) => unknown)(...args);
        };
      }
      if (prop === "transaction") {
        return <T>(
          callback: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<T>,
        ) => {
          noteJournalTrip("roundTrip"); // BEGIN
          return target.transaction(async (tx) => {
            const result = await callback(countStatements(tx));
            noteStatementInTransaction(); // COMMIT
            return result;
          });
        };
      }
      return value;
    },
  });
}

/**
 * The PostgreSQL pool as drizzle sees it, counting round trips: a pool query is one; a
 * transaction (drizzle takes a client and sends BEGIN … COMMIT on it) is one at BEGIN, and
 * its other statements are counted as statements only.
 */
function countedPool(pool: Pool): Pool {
  return new Proxy(pool, {
    get(target, prop) {
      const value = bound(target, prop);
      if (prop === "query" && typeof value === "function") {
        return (...args: unknown[]) => {
          noteJournalTrip("roundTrip");
          return (value as (...a: unknown[]) => unknown)(...args);
        };
      }
      if (prop === "connect") {
        return async () => {
          const client = await target.connect();
          return new Proxy(client, {
            get(c, p) {
              const v = bound(c, p);
              if (p === "query" && typeof v === "function") {
                return (...args: unknown[]) => {
                  const first = args[0];
                  const text =
                    typeof first === "string"
                      ? first
                      : ((first as { text?: string } | undefined)?.text ?? "");
                  if (/^\s*begin\b/i.test(text)) noteJournalTrip("roundTrip");
                  else noteStatementInTransaction();
                  return (v as (...a: unknown[]) => unknown)(...args);
                };
              }
              return v;
            },
          });
        };
      }
      return value;
    },
  });
}
