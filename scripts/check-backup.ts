/**
 * `npm run check-backup -- FILE`: proves that a backup of the embedded journal restores, beside
 * a running Kassa and without touching it. FILE is restored into a temporary folder of this
 * script's own (never KASSA_DATA_DIR), opened with this release's migrations as a server would
 * open it, its tables counted, and the folder removed. No build, no port, no server-action key:
 * the running release, its `.next` and its open tills are left alone. See docs/backup.md.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BackupRefused, restoreEmbedded } from "../lib/backup/embedded";
import { POSTGRES_EXT } from "../lib/backup/files";
import { openDb } from "../lib/db/open";
import { keepNewFilesPrivate } from "../lib/security/private-files";

// The restored copy holds what the journal holds: this user's alone, whatever the shell's umask.
keepNewFilesPrivate();

async function check(file: string, scratch: string): Promise<string> {
  const restored = await restoreEmbedded(file, scratch, { force: false });
  // As a Kassa of this release would open it: its migrations applied on top of the backup's.
  const journal = await openDb({ pgliteDir: scratch });
  try {
    const { rows } = (await journal.db.execute(
      sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                 (select count(*)::int from sales where status = 'unknown') as unknown`,
    )) as unknown as { rows: { migrations: number; unknown: number }[] };
    const { sales, audit_events, shifts, users } = restored.counts;
    return (
      `${file} restores: ${sales} sales (newest ${restored.newestSaleAt ?? "none"}, ` +
      `${rows[0]!.unknown} unknown for a supervisor), ${shifts} shifts, ${users} users, ` +
      `${audit_events} audit events; this release opens it (${rows[0]!.migrations} migrations).`
    );
  } finally {
    await journal.close();
  }
}

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new BackupRefused("Usage: npm run check-backup -- FILE");
  if (file.endsWith(POSTGRES_EXT))
    throw new BackupRefused(
      "A PostgreSQL backup is checked in a scratch database: createdb kassa_check, then " +
        "DATABASE_URL=postgresql://…/kassa_check npm run restore -- FILE, then dropdb kassa_check (docs/backup.md).",
    );
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "kassa-check-"));
  try {
    console.log(await check(path.resolve(file), path.join(parent, "journal")));
    console.log(`Checked in ${parent}, now removed; the running Kassa was not touched.`);
  } finally {
    await fs.rm(parent, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
