/**
 * `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back.
 * - Embedded journal (a .tar.gz): into KASSA_DATA_DIR, which must be empty or missing; with
 *   --force a folder in the way is moved aside (never deleted). A folder a running Kassa holds
 *   is refused, --force or not: stop Kassa first.
 * - PostgreSQL (a .dump, DATABASE_URL set): into that database, which must not hold Kassa's
 *   tables (--force replaces them) and must have no other connection (Kassa stopped).
 * It prints what the restored journal holds. See docs/backup.md.
 */
import { parseArgs } from "node:util";
import { BackupRefused, restoreEmbedded } from "../lib/backup/embedded";
import { restorePostgres } from "../lib/backup/postgres";
import { parseEnv } from "../lib/env-schema";
import { keepNewFilesPrivate } from "../lib/security/private-files";

// What this script writes (journal files, backups) is its user's alone, whatever the shell's umask.
keepNewFilesPrivate();

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new BackupRefused("Usage: npm run restore -- FILE [--force]");
  const file = positionals[0]!;
  const force = values.force ?? false;
  const config = parseEnv(process.env);
  if (config.databaseUrl) {
    const restored = await restorePostgres(config.databaseUrl, file, { force });
    console.log(
      `Restored ${file} into the PostgreSQL database: ${restored.sales} sales, ${restored.auditEvents} audit events.`,
    );
    return;
  }
  const restored = await restoreEmbedded(file, config.dataDir, { force });
  if (restored.movedAside) console.log(`The folder that was there is now ${restored.movedAside}.`);
  const { sales, audit_events, shifts, users } = restored.counts;
  console.log(
    `Restored ${file} into ${config.dataDir}: ${sales} sales (newest ${restored.newestSaleAt ?? "none"}), ` +
      `${shifts} shifts, ${users} users, ${audit_events} audit events. Start Kassa on it.`,
  );
}

// A refusal (BackupRefused, FolderInUseError) is an Error whose message says what to do.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
