import fs from "node:fs";
import path from "node:path";
import { parseEnv, ConfigError, longestCallMs } from "./env-schema";
import { connect } from "./db/connection";
import { FolderInUseError } from "./db/lock";
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
export async function warmUp(): Promise<void> {
  try {
    const config = parseEnv(process.env);
    // A journal or spool folder Kassa cannot write would lose answers: stop now, with a message.
    if (!config.databaseUrl)
      assertWritable(
        fs.existsSync(config.dataDir) ? config.dataDir : path.dirname(path.resolve(config.dataDir)),
      );
    const database = await connect(config);
    assertWritable(spoolFolder(config.spoolDir));
    // Answers the journal could not take before (the database was down) settle their sales
    // first, so the sweep below never marks a sale unknown whose answer is on disk.
    const intake = async () => {
      const settled = await takeInSpoolFiles(database, config.spoolDir);
      if (settled > 0) console.warn(`kassa: ${settled} sale(s) settled from the spool`);
    };
    await intake();
    setInterval(() => void intake().catch(() => {}), 30_000).unref();
    /** Longer than any upstream call with its retries can take (the configured timeout × attempts, plus a margin). */
    const STALE_PENDING_MS = longestCallMs(config);
    // PGlite is one process (the folder lock), so nothing else can be mid-call: sweep all.
    // On PostgreSQL other instances may be mid-call: only sales older than any call can take.
    const sweep = async (olderThanMs: number) => {
      const swept = await sweepInterruptedSales(database, olderThanMs);
      if (swept > 0)
        console.warn(
          `kassa: ${swept} interrupted sale(s) settled: unknown for a supervisor, or failed when never sent`,
        );
    };
    await sweep(config.databaseUrl ? STALE_PENDING_MS : 0);
    setInterval(() => void sweep(STALE_PENDING_MS).catch(() => {}), 60_000).unref();
    // The core service only gives yesterday's ledger: keep each day's, even when nobody opens the office.
    const { keepYesterdaysLedgerInBackground } = await import("./office/ledger-store");
    setInterval(keepYesterdaysLedgerInBackground, 60 * 60_000).unref();
    console.log(
      `kassa: journal ready (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}), upstream ${config.upstreamEnv.toUpperCase()}`,
    );
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof FolderInUseError ||
      error instanceof FolderNotWritableError
    ) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
