import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { acquireFolderLock } from "../db/lock";
import type { OpenDb } from "../db/open";
import { backupFileName, EMBEDDED_EXT, prepareBackupFolder, writeBackupFile } from "./files";

// No server-only guard: the server and `npm run backup` / `npm run restore` share these.

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export interface BackupResult {
  file: string;
  bytes: number;
  /** When the snapshot was asked for (UTC): it holds every sale committed before then. */
  at: string;
}

/** A backup or restore that must not go ahead; its message says why and what to do. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

/** The name a journal's backups carry: its data folder's own name (`kassa` for `.data/kassa`). */
export function journalName(dataDir: string): string {
  return path.basename(path.resolve(dataDir));
}

/**
 * Writes a backup of the open embedded journal into `dir`: PGlite's dump of its data folder
 * taken on the journal's thread between two transactions (lib/db/pglite-worker.mjs,
 * `snapshot`), gzipped here once the journal is free again.
 */
export async function backupEmbedded(
  journal: OpenDb,
  dataDir: string,
  into: { dir: string; mayCreate: boolean },
): Promise<BackupResult> {
  if (!journal.snapshot) throw new Error("Only the embedded journal is backed up this way.");
  const { dir } = into;
  await prepareBackupFolder(dir, into.mayCreate);
  const at = new Date();
  const tar = await journal.snapshot();
  const bytes = await gzip(tar);
  const file = await writeBackupFile(
    dir,
    backupFileName(journalName(dataDir), at, EMBEDDED_EXT),
    bytes,
  );
  return { file, bytes: bytes.length, at: at.toISOString() };
}

/** The names in a tar archive (ustar: a 512-byte header, then the content in 512-byte blocks). */
function tarNames(tar: Uint8Array): string[] {
  const names: string[] = [];
  const text = (from: number, length: number) =>
    Buffer.from(tar.subarray(from, from + length))
      .toString("latin1")
      .replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (!name) break;
    const prefix = text(at + 345, 155);
    names.push(prefix ? `${prefix}/${name}` : name);
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** The file's tar, once it is known to be an embedded journal's backup (a data folder). */
export async function readEmbeddedBackup(file: string): Promise<Uint8Array> {
  const bytes = await fs.readFile(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw new BackupRefused(
      `${file} is not a backup of the embedded journal (a .tar.gz made by npm run backup).`,
    );
  const tar = await gunzip(bytes).catch(() => {
    throw new BackupRefused(`${file} is damaged: it cannot be uncompressed.`);
  });
  if (!tarNames(tar).some((name) => /(^|\/)PG_VERSION$/.test(name)))
    throw new BackupRefused(`${file} holds no journal folder (no PG_VERSION in it).`);
  return tar;
}

const COUNTED = ["sales", "audit_events", "shifts", "users"] as const;

export interface RestoreResult {
  /** Where the folder that was there before went (only with --force). */
  movedAside?: string;
  counts: Record<(typeof COUNTED)[number], number>;
  newestSaleAt: string | null;
}

/**
 * Restores an embedded backup into `dataDir`. The folder must be empty (or missing); with
 * `force` a folder in the way is moved aside, never deleted. A folder a running Kassa holds
 * (its lock) is refused even with `force`. The lock is held until the restore is done, so no
 * server can open a half-restored folder.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  options: { force: boolean },
): Promise<RestoreResult> {
  const tar = await readEmbeddedBackup(file);
  const dir = path.resolve(dataDir);
  const release = await acquireFolderLock(dir);
  try {
    let movedAside: string | undefined;
    if ((await fs.readdir(dir)).length > 0) {
      if (!options.force)
        throw new BackupRefused(
          `The journal folder ${dir} is not empty: restore into an empty folder (set KASSA_DATA_DIR ` +
            `to a new one), or add --force to move this one aside first.`,
        );
      movedAside = `${dir}.before-restore-${new Date()
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replaceAll(":", "-")}`;
      await fs.rename(dir, movedAside);
      await fs.mkdir(dir, { mode: 0o700 });
    }
    try {
      const pg = new PGlite(dir, { loadDataDir: new Blob([Buffer.from(tar)]) });
      await pg.waitReady;
      try {
        return { movedAside, ...(await summary(pg)) };
      } finally {
        await pg.close();
      }
    } catch (error) {
      // Leave the folder as it was: empty, or the one moved aside back in its place.
      await fs.rm(dir, { recursive: true, force: true });
      if (movedAside) await fs.rename(movedAside, dir);
      else await fs.mkdir(dir, { mode: 0o700 });
      throw error;
    }
  } finally {
    await release();
  }
}

/** What the restored journal holds, to print and to check against what the shop expects. */
async function summary(pg: PGlite): Promise<Omit<RestoreResult, "movedAside">> {
  const counts = {} as RestoreResult["counts"];
  for (const table of COUNTED) {
    const { rows } = await pg
      .query<{ n: number }>(`select count(*)::int as n from ${table}`)
      .catch(() => {
        throw new BackupRefused(`The backup is not a Kassa journal (it has no ${table} table).`);
      });
    counts[table] = rows[0]!.n;
  }
  const { rows } = await pg.query<{ at: string | null }>(
    "select max(created_at)::text as at from sales",
  );
  return { counts, newestSaleAt: rows[0]!.at };
}
