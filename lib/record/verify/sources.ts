import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Client } from "pg";
import { askServerToBackUp } from "../../backup/control";
import { readEmbeddedBackup } from "../../backup/embedded";
import { restorePostgres } from "../../backup/postgres";
import { acquireFolderLock, folderHolder } from "../../db/lock";
import type { Db } from "../../db/open";
import * as schema from "../../db/schema";

/**
 * The journals `npm run verify` reads, each opened so that nothing is written to it:
 * - PostgreSQL (DATABASE_URL): one read-only, repeatable-read transaction, so the chain and
 *   the rows are read at one moment while Kassa's instances go on selling;
 * - an embedded journal that no process holds: its folder, under its lock (no Kassa can open
 *   it meanwhile), every statement read-only;
 * - an embedded journal a running Kassa holds: that Kassa takes a backup (the loopback
 *   request `npm run backup` makes, lib/backup/control.ts) into a temporary folder, and the
 *   backup is read, so sales go on;
 * - a backup file: a .tar.gz into an in-memory PGlite; a PostgreSQL .dump restored into a
 *   temporary database beside DATABASE_URL's, dropped afterwards.
 */
export interface OpenedJournal {
  db: Db;
  /** What was read, for the report. */
  what: string;
  close(): Promise<void>;
}

export async function openPostgresReadOnly(
  url: string,
  what = "the PostgreSQL journal",
): Promise<OpenedJournal> {
  const client = new Client({ connectionString: url, application_name: "kassa-verify" });
  await client.connect();
  await client.query("begin isolation level repeatable read read only");
  await client.query(`set local work_mem = '256MB'`);
  return {
    db: drizzlePg({ client, schema }) as unknown as Db,
    what,
    close: async () => {
      await client.query("rollback").catch(() => {});
      await client.end();
    },
  };
}

async function readOnlyPglite(pg: PGlite): Promise<Db> {
  await pg.waitReady;
  await pg.exec("set default_transaction_read_only = on; set work_mem = '256MB'");
  return drizzlePglite({ client: pg, schema }) as unknown as Db;
}

/** The embedded journal in `dataDir`: read in place when free, else through its running Kassa. */
export async function openEmbedded(dataDir: string): Promise<OpenedJournal> {
  const dir = path.resolve(dataDir);
  const holder = await folderHolder(dir);
  if (holder) {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "kassa-verify-"));
    try {
      const backup = await askServerToBackUp(dir, holder, tmp);
      const opened = await openBackup(backup.file);
      return {
        ...opened,
        what: `the journal in ${dir}, as the running Kassa (pid ${holder}) copied it at ${backup.at}`,
        close: async () => {
          await opened.close();
          await fs.rm(tmp, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await fs.rm(tmp, { recursive: true, force: true });
      throw error;
    }
  }
  await fs.access(path.join(dir, "PG_VERSION")).catch(() => {
    throw new Error(`${dir} holds no journal (no PG_VERSION): check KASSA_DATA_DIR.`);
  });
  const release = await acquireFolderLock(dir);
  try {
    const pg = new PGlite(dir);
    return {
      db: await readOnlyPglite(pg),
      what: `the journal in ${dir}`,
      close: async () => {
        await pg.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** A backup file made by `npm run backup` (or Kassa's daily backup). */
export async function openBackup(file: string, databaseUrl?: string): Promise<OpenedJournal> {
  const head = Buffer.alloc(5);
  const handle = await fs.open(file, "r");
  await handle.read(head, 0, 5, 0).finally(() => handle.close());
  if (head.toString("latin1") === "PGDMP") return openPostgresDump(file, databaseUrl);
  const tar = await readEmbeddedBackup(file);
  const pg = new PGlite({ loadDataDir: new Blob([Buffer.from(tar)]) });
  return { db: await readOnlyPglite(pg), what: `the backup ${file}`, close: () => pg.close() };
}

async function openPostgresDump(file: string, databaseUrl?: string): Promise<OpenedJournal> {
  if (!databaseUrl)
    throw new Error(
      `${file} is a PostgreSQL backup: set DATABASE_URL to a server where a temporary database may be made.`,
    );
  const name = `kassa_verify_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    await restorePostgres(url.toString(), file, { force: false });
    const opened = await openPostgresReadOnly(url.toString(), `the backup ${file}`);
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await admin(`drop database if exists ${name}`);
      },
    };
  } catch (error) {
    await admin(`drop database if exists ${name}`).catch(() => {});
    throw error;
  }
}
