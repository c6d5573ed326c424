import fs from "node:fs/promises";
import path from "node:path";

// No server-only guard: `npm run backup` and `npm run restore` use these too.

/** An embedded journal's backup: PGlite's dump of the data folder (a tar), gzipped. */
export const EMBEDDED_EXT = ".tar.gz";
/** A PostgreSQL journal's backup: pg_dump's custom format (read by pg_restore). */
export const POSTGRES_EXT = ".dump";

/** Where backups go: KASSA_BACKUP_DIR, else `backups` beside the data folder (`.data/backups`). */
export function backupFolder(config: { backupDir?: string; dataDir: string }): string {
  // A folder of the PC's, chosen at run time: nothing for the build to trace.
  return path.resolve(
    /*turbopackIgnore: true*/ config.backupDir ??
      path.join(path.dirname(config.dataDir), "backups"),
  );
}

const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;

/**
 * `<name>-2026-11-24T03-00-00Z.tar.gz`: the journal's name and the time in UTC, so that the
 * files sort by age and the name says when; no colon, which Windows shares refuse.
 */
export function backupFileName(name: string, at: Date, ext: string): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `${name}-${stamp}${ext}`;
}

/** When a file of `backupFileName` was made; undefined for any other file. */
function backupDate(file: string, name: string, ext: string): Date | undefined {
  if (!file.startsWith(`${name}-`) || !file.endsWith(ext)) return undefined;
  const match = STAMP.exec(file.slice(name.length + 1, -ext.length));
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The journal's backups in `dir`, newest first (other files are never touched). */
export async function listBackups(
  dir: string,
  name: string,
  ext: string,
): Promise<{ file: string; at: Date }[]> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return entries
    .flatMap((file) => {
      const at = backupDate(file, name, ext);
      return at ? [{ file: path.join(dir, file), at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * The folder a backup goes into. Kassa's default folder is made when missing; a folder the
 * operator named (KASSA_BACKUP_DIR, --dir) must exist: on a second disk or a share that is not
 * mounted it is missing, and the backup fails loudly instead of landing on the local disk
 * under the mount point.
 */
export async function prepareBackupFolder(dir: string, mayCreate: boolean): Promise<void> {
  if (mayCreate) {
    // Kassa's own folder: backups are as secret as the journal, so its user's alone.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.chmod(dir, 0o700);
    return;
  }
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory())
    throw Object.assign(
      new Error(
        `The backup folder ${dir} does not exist: create it, or mount the disk or share it is on.`,
      ),
      { code: "folder_missing" },
    );
}

/**
 * Writes the backup under a temporary name, forces it to disk, then renames it: a file with
 * the backup's name is always whole, even after a power cut or a full disk mid-write.
 */
export async function writeBackupFile(dir: string, file: string, bytes: Uint8Array) {
  const target = path.join(dir, file);
  const partial = `${target}.partial`;
  const handle = await fs.open(partial, "w", 0o600);
  try {
    // As secret as the journal (0600), even over a partial file an earlier attempt left.
    await handle.chmod(0o600);
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(partial, target);
  return target;
}

/** Deletes the journal's backups beyond the `keep` newest; returns the files deleted. */
export async function pruneBackups(
  dir: string,
  name: string,
  ext: string,
  keep: number,
): Promise<string[]> {
  const old = (await listBackups(dir, name, ext)).slice(keep).map((b) => b.file);
  for (const file of old) await fs.rm(file, { force: true });
  return old;
}
