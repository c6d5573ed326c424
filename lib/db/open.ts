import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import * as schema from "./schema";
import { acquireFolderLock } from "./lock";

/**
 * Opening the journal database, without the server-only guard so that tests and
 * command-line scripts can open their own. The app uses lib/db/index.ts.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDb {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DbTarget = { postgresUrl: string } | { pgliteDir: string } | { memory: true };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
// Any constant works; it only has to be the same for every Kassa instance on one database.
const MIGRATION_LOCK_ID = 4_517_001;

export async function openDb(target: DbTarget): Promise<OpenDb> {
  if ("postgresUrl" in target) {
    const pool = new Pool({ connectionString: target.postgresUrl, max: 10 });
    // An idle connection that dies (the database restarts, the network drops) must not take
    // the server down with it: the pool drops it and the next query connects again.
    pool.on("error", (error) => console.error(`journal connection lost: ${error.message}`));
    // Several instances may start together: serialise their migrations with an advisory lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { db: drizzlePg({ client: pool, schema }), kind: "postgres", close: () => pool.end() };
  }
  let release = async () => {};
  let client: PGlite;
  if ("pgliteDir" in target) {
    const dir = path.resolve(target.pgliteDir);
    // PGlite has no lock of its own; two processes on one folder corrupt it silently.
    release = await acquireFolderLock(dir);
    try {
      client = new PGlite(dir);
      await client.waitReady;
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = new PGlite();
    await client.waitReady;
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      await release();
    },
  };
}
