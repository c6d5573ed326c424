import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { rowsOf } from "./audit-rows";
import { checkpointFileName, type SignedCheckpoint } from "./checkpoint";

/**
 * Checkpoints go outside the journal once made: a file each in the checkpoint folder (a second
 * disk or a share: a copy of the database cannot take them back) and, when configured, a POST
 * to a URL. A checkpoint counts as exported once its file is written (and the URL took it);
 * until then every seal tries again. No server-only guard: tests export too.
 */
export interface CheckpointOutside {
  /** The folder; `mayCreate` when it is Kassa's default (a named share must exist already). */
  dir: string;
  mayCreate: boolean;
  /** The journal's name, at the head of each file's name (checkpoint.ts, journalOf). */
  journal: string;
  url?: string;
}

/** Where checkpoints go by default: `checkpoints` beside the data folder (`.data/checkpoints`). */
export function checkpointFolder(config: { checkpointDir?: string; dataDir: string }) {
  return config.checkpointDir
    ? { dir: path.resolve(config.checkpointDir), mayCreate: false }
    : {
        dir: path.join(path.dirname(path.resolve(config.dataDir)), "checkpoints"),
        mayCreate: true,
      };
}

/** Writes out every checkpoint not yet outside; returns how many went out. */
export async function exportCheckpoints(db: Db, outside: CheckpointOutside): Promise<number> {
  const pending = rowsOf<{ kind: string; label: string; body: string; signature: string }>(
    await db.execute(
      sql`select kind, label, body, signature from record_checkpoints where exported_at is null order by seq`,
    ),
  );
  if (pending.length === 0) return 0;
  if (outside.mayCreate) await fs.mkdir(outside.dir, { recursive: true });
  else if (!(await fs.stat(outside.dir).catch(() => undefined))?.isDirectory())
    throw new Error(
      `The checkpoint folder ${outside.dir} does not exist: create it, or mount the disk or share it is on.`,
    );
  let done = 0;
  for (const row of pending) {
    const signed: SignedCheckpoint = {
      ...(JSON.parse(row.body) as Omit<SignedCheckpoint, "signature">),
      signature: row.signature,
    };
    const file = path.join(outside.dir, checkpointFileName(outside.journal, signed));
    const partial = `${file}.partial`;
    const handle = await fs.open(partial, "w", 0o644);
    try {
      await handle.writeFile(`${JSON.stringify(signed, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, file);
    if (outside.url) await postCheckpoint(outside.url, signed);
    await db.execute(
      sql`update record_checkpoints set exported_at = now() where kind = ${row.kind} and label = ${row.label}`,
    );
    done++;
  }
  return done;
}

async function postCheckpoint(url: string, signed: SignedCheckpoint): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(signed),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status} to checkpoint ${signed.seq}`);
}
