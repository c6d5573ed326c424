import { openDb, type Db, type OpenDb } from "./open";
import { seed } from "./seed";

/**
 * The process's one journal database, cached on globalThis (`next start` loads modules
 * several times). No server-only guard so that instrumentation.ts can warm it; the app
 * reaches it through lib/db/index.ts.
 */
export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  seedDemo: boolean;
}

const globalForDb = globalThis as unknown as { kassaDb?: Promise<OpenDb> };

async function openAppDb(config: DbConfig): Promise<OpenDb> {
  const opened = await openDb(
    config.databaseUrl ? { postgresUrl: config.databaseUrl } : { pgliteDir: config.dataDir },
  );
  await seed(opened.db, { demo: config.seedDemo });
  return opened;
}

/** Opened lazily on first use (never at import: `next build` imports this). */
export async function connect(config: DbConfig): Promise<Db> {
  if (!globalForDb.kassaDb) {
    const opening = openAppDb(config);
    globalForDb.kassaDb = opening;
    // A failed open is not cached: the next request tries again.
    opening.catch(() => {
      if (globalForDb.kassaDb === opening) globalForDb.kassaDb = undefined;
    });
  }
  return (await globalForDb.kassaDb).db;
}

/** Close the journal at the end of a graceful stop (scripts/serve.mjs): PGlite's folder lock goes with it. */
export async function disconnect(): Promise<void> {
  const opened = globalForDb.kassaDb;
  globalForDb.kassaDb = undefined;
  if (opened) await (await opened).close();
}

/** The opened journal itself (its kind, and the embedded journal's snapshot), for backups. */
export async function openedJournal(config: DbConfig): Promise<OpenDb> {
  await connect(config);
  return (await globalForDb.kassaDb)!;
}
