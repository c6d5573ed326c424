import { connect, openedJournal } from "../db/connection";
import type { Env } from "../env-schema";
import { log } from "../log";
import { journalOf } from "./checkpoint";
import { checkpointFolder, exportCheckpoints } from "./export";
import { loadOrMakeSigningKey, signingKeyFile, type Signer } from "./keys";
import { sealChain, SigningKeyMismatch, type SealResult } from "./sealer";

/**
 * The server's sealer (lib/background.ts starts it, lib/startup.ts runs it once more at a
 * graceful stop): every second it seals what is due and writes new checkpoints outside.
 * On PostgreSQL events settle for 2 s first (lib/record/sealer.ts: the settle rule); PGlite
 * runs one statement at a time and seals at once. State on globalThis: `next start` loads
 * lib code in several bundles of one process. No server-only guard: start-up imports it.
 */
const INTERVAL_MS = 1000;
const POSTGRES_SETTLE_MS = 2000;

interface SealerState {
  signer?: Signer;
  started: boolean;
  running?: Promise<SealResult | null>;
  /** Set when this instance's key is not the chain's: it stops sealing, and says so. */
  refused?: string;
  lastError?: string;
}

const globalForSealer = globalThis as unknown as { kassaSealer?: SealerState };
const state = (globalForSealer.kassaSealer ??= { started: false });

/** Start-up: the signing key, made at the first start (beside the data folder, mode 0600). */
export function prepareSigningKey(config: Pick<Env, "dataDir">): Signer {
  if (state.signer) return state.signer;
  const file = signingKeyFile(config.dataDir);
  const { signer, made } = loadOrMakeSigningKey(file);
  if (made)
    log().warn(
      { file },
      `made the signing key ${file}: keep a copy apart from the journal's backups (docs/record.md)`,
    );
  state.signer = signer;
  return signer;
}

/** This process's signer (start-up made it). */
export function currentSigner(config: Pick<Env, "dataDir">): Signer {
  return state.signer ?? prepareSigningKey(config);
}

/** Why this instance does not seal, if it does not. */
export function sealerRefusal(): string | undefined {
  return state.refused;
}

/** One seal now (or the one under way): what is due goes into the chain, checkpoints go out. */
export function sealNow(config: Env): Promise<SealResult | null> {
  if (state.refused) return Promise.resolve(null);
  state.running ??= runSeal(config).finally(() => {
    state.running = undefined;
  });
  return state.running;
}

async function runSeal(config: Env): Promise<SealResult | null> {
  try {
    const db = await connect(config);
    const { kind } = await openedJournal(config);
    const result = await sealChain(db, currentSigner(config), {
      settleMs: kind === "pglite" ? 0 : POSTGRES_SETTLE_MS,
      batch: 500,
      maxBatches: 4,
      lateCommits: kind === "postgres",
    });
    await exportCheckpoints(db, {
      ...checkpointFolder(config),
      journal: journalOf(config),
      url: config.checkpointUrl,
    });
    state.lastError = undefined;
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SigningKeyMismatch) {
      state.refused = message;
      log().error(message);
    } else if (message !== state.lastError) {
      // Once per distinct failure: a journal or share that is away for a while is not a flood.
      log().warn({ err: error }, "the record could not be sealed (tried again every second)");
    }
    state.lastError = message;
    return null;
  }
}

/** Starts sealing every second (once per process). */
export function startSealer(config: Env): void {
  if (state.started) return;
  state.started = true;
  setInterval(() => void sealNow(config), INTERVAL_MS).unref();
}
