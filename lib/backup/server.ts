import "server-only";
import path from "node:path";
import { openedJournal } from "@/lib/db/connection";
import { env, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { listenForBackups } from "./control";
import { backupEmbedded, journalName, type BackupResult } from "./embedded";
import { backupFolder, EMBEDDED_EXT, listBackups, pruneBackups } from "./files";

/**
 * The embedded journal's backups made by the server itself: one a day into KASSA_BACKUP_DIR
 * (the KASSA_BACKUP_KEEP newest kept), and those `npm run backup` asks for while Kassa runs.
 * What happened last is kept for the health answer (`lastBackup`).
 */
export interface LastBackup {
  /** The last attempt (UTC), and whether it wrote its file. */
  at: string;
  ok: boolean;
  /** The file's name (not its folder), when it was written. */
  file?: string;
  /** Why it failed, as a code (the log has the message): never a path of the PC. */
  code?: BackupFailure;
  /** The newest backup written (the last attempt's when it succeeded), or null: none yet. */
  lastGoodAt: string | null;
}

/** Why a backup failed, as the health answer names it. */
type BackupFailure = "folder_missing" | "disk_full" | "not_writable" | "failed";

function failureOf(error: unknown): BackupFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "folder_missing") return "folder_missing";
  if (code === "ENOSPC" || code === "EDQUOT") return "disk_full";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "not_writable";
  return "failed";
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The first check waits for the start-up's own work (warm-up, spool, sweep) to be done. */
const FIRST_CHECK_MS = 15_000;

interface BackupState {
  started: boolean;
  last: LastBackup | null;
  /** The backup under way: one at a time, the daily one and a requested one alike. */
  running: Promise<unknown>;
}

// On globalThis: `next start` loads lib code in several bundles of one process.
const globalForBackups = globalThis as unknown as { kassaBackups?: BackupState };
const state = (globalForBackups.kassaBackups ??= {
  started: false,
  last: null,
  running: Promise.resolve(),
});

/** The last backup of the embedded journal, or null (none yet, or the journal is PostgreSQL). */
export function lastBackup(): LastBackup | null {
  return state.last;
}

/**
 * Starts the server's backups of the embedded journal (lib/background.ts): the loopback
 * listener `npm run backup` asks, and the daily backup. Nothing for PostgreSQL, whose backups
 * are the database's own (pg_dump; docs/backup.md).
 */
export function startBackups(): void {
  const config = env();
  if (config.databaseUrl || state.started) return;
  state.started = true;
  void setUp(config).catch((error: unknown) =>
    log().error({ err: messageOf(error) }, "backups could not start"),
  );
}

async function setUp(config: Env): Promise<void> {
  const dir = backupFolder(config);
  const name = journalName(config.dataDir);
  // After a restart the newest file says when the last backup was made.
  const [newest] = await listBackups(dir, name, EMBEDDED_EXT);
  if (newest && !state.last) {
    const at = newest.at.toISOString();
    state.last = { at, ok: true, file: path.basename(newest.file), lastGoodAt: at };
  }
  if (config.backupKeep > 0) {
    const daily = () =>
      void backUpIfDue(config).catch(() => {
        // Recorded in `state.last` and logged by backUp; the next hour tries again.
      });
    setTimeout(() => {
      daily();
      setInterval(daily, HOUR_MS).unref();
    }, FIRST_CHECK_MS).unref();
  }
  // Last: a listener that cannot start (no port, a read-only folder) leaves the daily backup running.
  // A folder `npm run backup` names must exist; Kassa's own default folder is made when missing.
  await listenForBackups(config.dataDir, (into) =>
    backUp(config, into ? { dir: into, mayCreate: false } : ownFolder(config)),
  );
}

/**
 * The daily backup: made when none was written in the last 24 hours (checked every hour, so
 * a shop PC switched off at night still gets one soon after it starts), then the oldest files
 * beyond KASSA_BACKUP_KEEP are deleted. A failure is tried again the next hour.
 */
async function backUpIfDue(config: Env): Promise<void> {
  const lastGood = state.last?.lastGoodAt;
  if (lastGood && Date.now() - Date.parse(lastGood) < DAY_MS) return;
  const { dir } = ownFolder(config);
  await backUp(config, ownFolder(config));
  const pruned = await pruneBackups(
    dir,
    journalName(config.dataDir),
    EMBEDDED_EXT,
    config.backupKeep,
  );
  if (pruned.length > 0) log().info(`${pruned.length} old backup(s) deleted from ${dir}`);
}

/** KASSA_BACKUP_DIR, which must exist, or the default folder, made when missing. */
const ownFolder = (config: Env) => ({
  dir: backupFolder(config),
  mayCreate: config.backupDir === undefined,
});

function backUp(config: Env, into: { dir: string; mayCreate: boolean }): Promise<BackupResult> {
  const { dir } = into;
  const run = state.running
    .catch(() => {})
    .then(async () => {
      const started = new Date().toISOString();
      try {
        const result = await backupEmbedded(await openedJournal(config), config.dataDir, into);
        state.last = {
          at: result.at,
          ok: true,
          file: path.basename(result.file),
          lastGoodAt: result.at,
        };
        log().info(`journal backed up to ${result.file} (${result.bytes} bytes)`);
        return result;
      } catch (error) {
        state.last = {
          at: started,
          ok: false,
          code: failureOf(error),
          lastGoodAt: state.last?.lastGoodAt ?? null,
        };
        log().error({ dir, err: messageOf(error) }, "journal backup failed");
        throw error;
      }
    });
  state.running = run;
  return run;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
