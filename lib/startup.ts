import { parseEnv, ConfigError } from "./env-schema";
import { connect } from "./db/connection";
import { FolderInUseError } from "./db/lock";
import { sweepInterruptedSales } from "./sales/sweep";

/** Longer than any upstream call with its retries can take. */
const STALE_PENDING_MS = 2 * 60_000;

/**
 * Runs once when the Next.js server starts (instrumentation.ts): validate the
 * configuration, open and migrate the journal, and mark sales a crash left half-sent
 * as unknown. A bad variable or a journal folder in use stops the start with a message.
 */
export async function warmUp(): Promise<void> {
  try {
    const config = parseEnv(process.env);
    const database = await connect(config);
    // PGlite is one process (the folder lock), so nothing else can be mid-call: sweep all.
    // On PostgreSQL other instances may be mid-call: only sales older than any call can take.
    const sweep = async (olderThanMs: number) => {
      const swept = await sweepInterruptedSales(database, olderThanMs);
      if (swept > 0) console.warn(`kassa: ${swept} interrupted sale(s) settled: unknown for a supervisor, or failed when never sent`);
    };
    await sweep(config.databaseUrl ? STALE_PENDING_MS : 0);
    setInterval(() => void sweep(STALE_PENDING_MS).catch(() => {}), 60_000).unref();
    // The core service only gives yesterday's ledger: keep each day's, even when nobody opens the office.
    const { keepYesterdaysLedgerInBackground } = await import("./office/ledger-store");
    setInterval(keepYesterdaysLedgerInBackground, 60 * 60_000).unref();
    console.log(`kassa: journal ready (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}), upstream ${config.upstreamEnv.toUpperCase()}`);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof FolderInUseError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
