import fs from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

// No server-only guard: Kassa's scripts (npm run backup, restore, check-backup) call it too.

/**
 * Kassa's files are as secret as what they hold: the journal (password hashes, tokens, voucher
 * PINs), the spool, the keys beside the journal and the backups. Whatever Kassa's processes make
 * from now on is their user's alone (umask 077), whatever umask the shell that started them had.
 */
export function keepNewFilesPrivate(): void {
  // A worker thread may not set it; the process's main thread does, for every thread.
  if (isMainThread) process.umask(0o077);
}

/** Other users of the PC may enter (list or pass through) this folder. */
const enterable = (mode: number) => (mode & 0o011) !== 0;
/** Other users of the PC may read this file. */
const readable = (mode: number) => (mode & 0o044) !== 0;

const modeOf = (file: string) => {
  try {
    return fs.statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
};
const filesIn = (dir: string, keep: (name: string) => boolean) => {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && keep(entry.name))
      .map((entry) => path.join(dir, entry.name));
  } catch {
    return [];
  }
};

/**
 * Where Kassa's secrets lie open to other users of this PC: the embedded journal's folder when
 * others may enter it (PGlite makes its files readable by all, so the folder is the guard), and
 * a key (`action-key` and any other `*-key` beside the journal) or a backup that others may read
 * in a folder they may enter. Each with its mode, for the warning at start.
 */
export function openToOthers(places: {
  /** The embedded journal's folder; undefined with PostgreSQL. */
  journalDir?: string;
  /** The folder the keys are kept in: the one that holds the journal's folder. */
  keysDir: string;
  backupDir: string;
}): string[] {
  const open: string[] = [];
  const note = (file: string, mode: number) => open.push(`${file} (${mode.toString(8)})`);
  if (places.journalDir) {
    const mode = modeOf(places.journalDir);
    if (mode !== undefined && (enterable(mode) || readable(mode))) note(places.journalDir, mode);
  }
  const readableIn = (dir: string, keep: (name: string) => boolean) => {
    const dirMode = modeOf(dir);
    if (dirMode === undefined || !enterable(dirMode)) return;
    for (const file of filesIn(dir, keep)) {
      const mode = modeOf(file);
      if (mode !== undefined && readable(mode)) note(file, mode);
    }
  };
  readableIn(places.keysDir, (name) => name === "action-key" || name.endsWith("-key"));
  readableIn(places.backupDir, (name) => /\.(tar\.gz|dump)(\.partial)?$/.test(name));
  return open;
}
