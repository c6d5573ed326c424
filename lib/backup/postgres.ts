import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { BackupRefused, type BackupResult } from "./embedded";
import { backupFileName, POSTGRES_EXT, prepareBackupFolder } from "./files";

// No server-only guard: `npm run backup` and `npm run restore` on PostgreSQL (DATABASE_URL).

const run = promisify(execFile);

/** pg_dump or pg_restore, or a message saying how to get them. */
async function tool(name: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT")
      throw new BackupRefused(
        `${name} is not installed: install PostgreSQL's client tools of the server's version ` +
          `(Debian: apt-get install postgresql-client), or see docs/backup.md.`,
      );
    throw new Error(`${name} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/** The database's name in a postgresql:// address (the backup file is named after it). */
function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "postgres";
}

/**
 * `pg_dump --format=custom` of the whole database into `dir`. pg_dump reads everything in
 * one repeatable-read transaction, so the file is the database at one moment while Kassa's
 * instances go on selling.
 */
export async function backupPostgres(
  url: string,
  into: { dir: string; mayCreate: boolean },
): Promise<BackupResult> {
  const { dir } = into;
  await prepareBackupFolder(dir, into.mayCreate);
  const at = new Date();
  const file = path.join(dir, backupFileName(databaseName(url), at, POSTGRES_EXT));
  const partial = `${file}.partial`;
  try {
    await tool("pg_dump", ["--format=custom", "--no-owner", "--file", partial, "--dbname", url]);
    // As secret as the database: pg_dump makes the file as the umask allows.
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
  return { file, bytes: (await fs.stat(file)).size, at: at.toISOString() };
}

/**
 * Restores a pg_dump file into the database of `url`. Refused while anyone else is connected
 * to it (a running Kassa), even with `force`; a database that already holds Kassa's tables is
 * refused without `force`, and with it they are dropped and replaced by the backup's.
 */
export async function restorePostgres(
  url: string,
  file: string,
  options: { force: boolean },
): Promise<{ sales: number; auditEvents: number }> {
  const head = Buffer.alloc(5);
  const handle = await fs.open(file, "r");
  await handle.read(head, 0, 5, 0).finally(() => handle.close());
  if (head.toString("latin1") !== "PGDMP")
    throw new BackupRefused(
      `${file} is not a PostgreSQL backup (pg_dump's custom format, made by npm run backup with DATABASE_URL).`,
    );
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: others } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others[0]!.n > 0)
      throw new BackupRefused(
        `${others[0]!.n} other connection(s) use database ${databaseName(url)}: stop every Kassa ` +
          `instance (and other clients) on it before restoring.`,
      );
    const { rows: kassa } = await client.query<{ sales: string | null }>(
      "select to_regclass('public.sales')::text as sales",
    );
    const live = kassa[0]!.sales !== null;
    if (live && !options.force)
      throw new BackupRefused(
        `Database ${databaseName(url)} already holds Kassa's journal: restore into an empty ` +
          `database, or add --force to replace its tables with the backup's.`,
      );
    await tool("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      "--single-transaction",
      ...(live ? ["--clean", "--if-exists"] : []),
      "--dbname",
      url,
      file,
    ]);
    const { rows } = await client.query<{ sales: number; audit: number }>(
      "select (select count(*)::int from sales) as sales, (select count(*)::int from audit_events) as audit",
    );
    return { sales: rows[0]!.sales, auditEvents: rows[0]!.audit };
  } finally {
    await client.end();
  }
}
