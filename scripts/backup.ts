/**
 * `npm run backup [-- --dir FOLDER]`: a backup of the journal, dated, into FOLDER (default
 * KASSA_BACKUP_DIR, else `backups` beside the data folder), while Kassa runs and sells.
 * - Embedded journal: PGlite's dump of the data folder. When a Kassa server holds the folder,
 *   that server takes the snapshot on the journal's thread (asked on loopback, lib/backup/
 *   control.ts); otherwise this script opens the folder itself, holding its lock meanwhile.
 * - PostgreSQL (DATABASE_URL): pg_dump in its custom format.
 * See docs/backup.md.
 */
import { parseArgs } from "node:util";
import { askServerToBackUp } from "../lib/backup/control";
import { backupEmbedded, type BackupResult } from "../lib/backup/embedded";
import { backupFolder } from "../lib/backup/files";
import { backupPostgres } from "../lib/backup/postgres";
import { FolderInUseError, folderHolder } from "../lib/db/lock";
import { openDb } from "../lib/db/open";
import { parseEnv } from "../lib/env-schema";
import { keepNewFilesPrivate } from "../lib/security/private-files";

// What this script writes (journal files, backups) is its user's alone, whatever the shell's umask.
keepNewFilesPrivate();

async function embedded(dataDir: string, dir: string | undefined): Promise<BackupResult> {
  for (let attempt = 0; ; attempt++) {
    const holder = await folderHolder(dataDir);
    if (holder) return askServerToBackUp(dataDir, holder, dir);
    try {
      const journal = await openDb({ pgliteDir: dataDir });
      try {
        return await backupEmbedded(
          journal,
          dataDir,
          dir === undefined
            ? { dir: backupFolder({ dataDir }), mayCreate: true }
            : { dir, mayCreate: false },
        );
      } finally {
        await journal.close();
      }
    } catch (error) {
      // A server took the folder between the look and the open: ask it instead.
      if (!(error instanceof FolderInUseError) || attempt > 0) throw error;
    }
  }
}

async function main() {
  const { values } = parseArgs({ options: { dir: { type: "string" } } });
  const config = parseEnv(process.env);
  const dir = values.dir ?? (config.backupDir ? backupFolder(config) : undefined);
  const result = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, {
        dir: dir ?? backupFolder(config),
        mayCreate: !dir,
      })
    : await embedded(config.dataDir, dir);
  console.log(`Backed up the journal to ${result.file} (${result.bytes} bytes, ${result.at}).`);
}

// A refusal (BackupRefused, FolderInUseError) is an Error whose message says what to do.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
