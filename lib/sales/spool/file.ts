import fs from "node:fs";
import path from "node:path";
import type { RawAnswer } from "@/lib/db/schema";
import type { Outcome } from "@/lib/sales/door";

/**
 * The answers the journal could not take. When the core service answered but the journal
 * cannot be written (the database is down), the answer is appended here, one JSON line per
 * sale, flushed to disk before the cashier is answered. The journal takes the file in when
 * it is back (./settle.ts): the sale is settled from it and the core service
 * is never called again for it.
 *
 * Files: `spool.jsonl` is only ever appended to. Intake first renames it to
 * `spool-taking-<time>.jsonl` (new answers go to a fresh `spool.jsonl`), settles every
 * line, then renames it `spool-taken-<time>.jsonl`, kept for the supervisor's records.
 */
export interface SpoolEntry {
  saleId: string;
  at: string;
  /** As Kassa wrote it (the file is Kassa's own): the kinds of SALE_ERROR_KINDS. */
  outcome: Outcome;
  rawAnswers: RawAnswer[];
}

const SPOOL_FILE = "spool.jsonl";

export function spoolFolder(dir: string): string {
  return path.resolve(dir, "spool");
}

/** Appends one answer and forces it to disk. Throws if the folder cannot be written. */
export function appendToSpool(dir: string, entry: SpoolEntry): void {
  const folder = spoolFolder(dir);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const fd = fs.openSync(path.join(folder, SPOOL_FILE), "a", 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether anything waits in the spool (cheap: one stat per folder entry). */
export function spoolHasWaiting(dir: string): boolean {
  const folder = spoolFolder(dir);
  if (!fs.existsSync(folder)) return false;
  return fs.readdirSync(folder).some((f) => f === SPOOL_FILE || f.startsWith("spool-taking-"));
}

/** How many answers wait to be taken in (lines of the waiting files; for health and metrics). */
export function spoolDepth(dir: string): number {
  const folder = spoolFolder(dir);
  if (!fs.existsSync(folder)) return 0;
  return fs
    .readdirSync(folder)
    .filter((f) => f === SPOOL_FILE || f.startsWith("spool-taking-"))
    .reduce((sum, f) => sum + readSpoolFile(path.join(folder, f)).length, 0);
}

/**
 * Takes the waiting files for intake: renames `spool.jsonl` aside and returns every file
 * still to take in (earlier intakes that did not finish included), oldest first.
 */
export function claimSpoolFiles(dir: string): string[] {
  const folder = spoolFolder(dir);
  if (!fs.existsSync(folder)) return [];
  const live = path.join(folder, SPOOL_FILE);
  if (fs.existsSync(live))
    fs.renameSync(live, path.join(folder, `spool-taking-${Date.now()}-${process.pid}.jsonl`));
  return fs
    .readdirSync(folder)
    .filter((f) => f.startsWith("spool-taking-"))
    .sort()
    .map((f) => path.join(folder, f));
}

/** Reads a claimed file's entries; a torn last line (a crash mid-append) is skipped. */
export function readSpoolFile(file: string): SpoolEntry[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as SpoolEntry];
      } catch {
        return [];
      }
    });
}

export function markSpoolFileTaken(file: string): void {
  fs.renameSync(file, file.replace("spool-taking-", "spool-taken-"));
}

export class FolderNotWritableError extends Error {
  constructor(folder: string, why: string) {
    super(
      `Kassa cannot start: it cannot write to ${folder} (${why}). Kassa keeps its journal and the answers it could not record there; make the folder writable for this user or set KASSA_DATA_DIR / KASSA_SPOOL_DIR.`,
    );
    this.name = "FolderNotWritableError";
  }
}

/** Start-up check: a folder Kassa must write (the journal, the spool) is writable, or the start stops. */
export function assertWritable(folder: string): void {
  const probe = path.join(folder, `.kassa-write-check-${process.pid}`);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new FolderNotWritableError(
      path.resolve(folder),
      error instanceof Error && "code" in error ? String(error.code) : "not writable",
    );
  }
}
