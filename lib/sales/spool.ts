import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { auditEvents, sales, type RawAnswer } from "@/lib/db/schema";

// No server-only guard: instrumentation.ts (lib/startup.ts) takes the spool in at start.

/**
 * The answers the journal could not take. When the core service answered but the journal
 * cannot be written (the database is down), the answer is appended here, one JSON line per
 * sale, flushed to disk before the cashier is answered. The journal takes the file in when
 * it is back (lib/sales/spool-intake.ts): the sale is settled from it and the core service
 * is never called again for it.
 *
 * Files: `spool.jsonl` is only ever appended to. Intake first renames it to
 * `spool-taking-<time>.jsonl` (new answers go to a fresh `spool.jsonl`), settles every
 * line, then renames it `spool-taken-<time>.jsonl`, kept for the supervisor's records.
 */
export interface SpoolEntry {
  saleId: string;
  at: string;
  outcome:
    | { status: "completed"; result: unknown }
    | { status: "failed" | "unknown"; error: { kind: string; code?: number; message: string } };
  rawAnswers: RawAnswer[];
}

const SPOOL_FILE = "spool.jsonl";

export function spoolFolder(dir: string): string {
  return path.resolve(dir, "spool");
}

/** Appends one answer and forces it to disk. Throws if the folder cannot be written. */
export function appendToSpool(dir: string, entry: SpoolEntry): void {
  const folder = spoolFolder(dir);
  fs.mkdirSync(folder, { recursive: true });
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

/**
 * Takes the waiting files for intake: renames `spool.jsonl` aside and returns every file
 * still to take in (earlier intakes that did not finish included), oldest first.
 */
function claimSpoolFiles(dir: string): string[] {
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
function readSpoolFile(file: string): SpoolEntry[] {
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

function markSpoolFileTaken(file: string): void {
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
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new FolderNotWritableError(
      path.resolve(folder),
      error instanceof Error && "code" in error ? String(error.code) : "not writable",
    );
  }
}

/**
 * Settles one sale from its spooled answer with the `sale_settled` audit event, in one
 * transaction. Only a sale still pending, or marked unknown by the start-up sweep and not
 * yet resolved, takes it: a sale settled since is left as it is. Returns whether it settled.
 */
async function settleFromSpool(database: Db, entry: SpoolEntry): Promise<boolean> {
  const now = new Date();
  const outcome = entry.outcome;
  return database.transaction(async (tx) => {
    const rows = await tx
      .update(sales)
      .set({
        status: outcome.status,
        result: outcome.status === "completed" ? outcome.result : null,
        error: outcome.status === "completed" ? null : outcome.error,
        settledAt: outcome.status === "unknown" ? null : now,
        updatedAt: now,
        rawAnswers: sql`coalesce(${sales.rawAnswers}, '[]'::jsonb) || ${JSON.stringify(entry.rawAnswers)}::jsonb`,
      })
      .where(
        and(
          eq(sales.id, entry.saleId),
          or(
            eq(sales.status, "pending"),
            and(eq(sales.status, "unknown"), isNull(sales.resolvedAt)),
          ),
        ),
      )
      .returning({ id: sales.id, kind: sales.kind, amountCents: sales.amountCents });
    const row = rows[0];
    if (!row) return false;
    await tx.insert(auditEvents).values({
      username: "spool",
      role: "system",
      kind: "sale_settled",
      subject: row.id,
      detail: {
        kind: row.kind,
        status: outcome.status,
        amountCents: row.amountCents,
        from: "spool",
        answeredAt: entry.at,
      },
    });
    return true;
  });
}

/**
 * Takes every waiting answer into the journal; the core service is never called again for
 * them. Intake is idempotent (a sale settles once), so two instances taking the same file in
 * settle each sale once. Returns how many sales it settled.
 */
export async function takeInSpoolFiles(database: Db, dir: string): Promise<number> {
  if (!spoolHasWaiting(dir)) return 0;
  let settled = 0;
  for (const file of claimSpoolFiles(dir)) {
    for (const entry of readSpoolFile(file)) {
      if (await settleFromSpool(database, entry)) settled++;
    }
    markSpoolFileTaken(file);
  }
  return settled;
}
