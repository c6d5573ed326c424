import fs from "node:fs";
import path from "node:path";
import { parseEnv, ConfigError, longestCallMs } from "./env-schema";
import { connect, disconnect } from "./db/connection";
import { prepareStop } from "./lifecycle";
import { FolderInUseError } from "./db/lock";
import { log } from "./log";
import { every } from "./periodic";
import { backupFolder } from "./backup/files";
import { keepNewFilesPrivate, openToOthers } from "./security/private-files";
import { prepareSigningKey, sealNow } from "./record/seal-loop";
import { sweepInterruptedSales } from "./sales/sweep";
import {
  assertWritable,
  FolderNotWritableError,
  spoolFolder,
  takeInSpoolFiles,
} from "./sales/spool";

/**
 * Runs once when the Next.js server starts (instrumentation.ts): validate the
 * configuration, open and migrate the journal, and mark sales a crash left half-sent
 * as unknown. A bad variable or a journal folder in use stops the start with a message.
 */
export function warmUp(): Promise<void> {
  // scripts/serve.mjs (npm start) waits for this before it opens its port.
  const globalForStartup = globalThis as unknown as { kassaStartup?: Promise<void> };
  return (globalForStartup.kassaStartup ??= startUp());
}

/** How long a start-up waits for a journal that cannot be reached (a restart, a network cut). */
const JOURNAL_WAIT_MS = 5 * 60_000;

async function startUp(since = Date.now()): Promise<void> {
  try {
    const startedAt = performance.now();
    // The journal, its spool and backups are made private whatever umask the shell had.
    keepNewFilesPrivate();
    const config = parseEnv(process.env);
    // A journal or spool folder Kassa cannot write would lose answers: stop now, with a message.
    if (!config.databaseUrl)
      assertWritable(
        fs.existsSync(config.dataDir) ? config.dataDir : path.dirname(path.resolve(config.dataDir)),
      );
    // The record's signing key, made at the first start beside the data folder (lib/record/keys.ts).
    try {
      prepareSigningKey(config);
    } catch (error) {
      throw new ConfigError(
        `Kassa cannot start: its signing key cannot be read or made beside ${config.dataDir} (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    const database = await connect(config);
    assertWritable(spoolFolder(config.spoolDir));
    warnOfOpenFiles(config);
    // Answers the journal could not take before (the database was down) settle their sales
    // first, so the sweep below never marks a sale unknown whose answer is on disk.
    const intake = () => takeInSpoolFiles(database, config.spoolDir);
    await intake();
    /** Longer than any upstream call with its retries can take (the configured timeout × attempts, plus a margin). */
    const STALE_PENDING_MS = longestCallMs(config);
    // PGlite is one process (the folder lock), so nothing else can be mid-call: sweep all.
    // On PostgreSQL other instances may be mid-call: only sales older than any call can take.
    const sweep = async (olderThanMs: number) => {
      const swept = await sweepInterruptedSales(database, olderThanMs);
      if (swept > 0)
        log().warn(
          { swept },
          "interrupted sales settled: unknown for a supervisor, or failed when never sent",
        );
    };
    await sweep(config.databaseUrl ? STALE_PENDING_MS : 0);
    // Only once the start has gone through (a start retried after a cut registers them once).
    every("spool intake", 30_000, intake);
    every("sweep of interrupted sales", 60_000, () => sweep(STALE_PENDING_MS));
    // A graceful stop waits at most as long as one sale's longest upstream call, then takes
    // in what the spool holds and closes the journal (scripts/serve.mjs).
    prepareStop(STALE_PENDING_MS, async () => {
      await intake().catch((error: unknown) =>
        log().error({ err: error }, "the spool could not be taken in before the stop"),
      );
      // Everything written until now goes into the chain before the journal closes.
      await sealNow(config);
      await disconnect();
      log().info("spool taken in, journal closed");
    });
    const durationMs = Math.round(performance.now() - startedAt);
    log().info(
      {
        durationMs,
        journal: config.databaseUrl ? "postgresql" : "pglite",
        upstream: config.upstreamEnv,
      },
      `journal ready (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}), upstream ${config.upstreamEnv.toUpperCase()}`,
    );
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof FolderInUseError ||
      error instanceof FolderNotWritableError
    ) {
      log().fatal(error.message);
      // And in plain words on the terminal of whoever started Kassa.
      process.stderr.write(`\n${error.message}\n\n`);
      process.exit(1);
    }
    // The journal unreachable for a moment. Next.js keeps a failed start for good (every
    // request would answer 500 until a restart), so wait for it instead.
    if (Date.now() - since > JOURNAL_WAIT_MS) throw error;
    log().warn(
      { err: error instanceof Error ? error.message : String(error) },
      "the journal cannot be reached yet; trying again in 2 s",
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return startUp(since);
  }
}

/** Kassa's secrets that other users of this PC can read: said at every start until fixed. */
function warnOfOpenFiles(config: ReturnType<typeof parseEnv>): void {
  const open = openToOthers({
    journalDir: config.databaseUrl ? undefined : path.resolve(config.dataDir),
    keysDir: path.dirname(path.resolve(config.dataDir)),
    backupDir: backupFolder(config),
  });
  if (open.length > 0)
    log().warn(
      { files: open },
      `other users of this PC can read Kassa's secrets: ${open.join(", ")}. ` +
        "Make them Kassa's user's alone (chmod 600 for files, 700 for folders; docs/backup.md).",
    );
}
