import type { KeyObject } from "node:crypto";
import type { Db } from "../../db/open";
import { scanChain } from "./chain";
import {
  checkCheckpoints,
  checkHeadRow,
  journalCheckpoints,
  type CheckpointSource,
} from "./checkpoints";
import { Problems, type Problem } from "./problems";
import { checkRows } from "./rows";
import { checkSignaturesQuick } from "./signatures";
import { scanUnsealed } from "./tail";

export type { CheckpointSource } from "./checkpoints";
export { entryName, type Problem } from "./problems";

/**
 * The whole check of one journal (`npm run verify`, the tests): the chain, the unsealed
 * tail, today's rows against their last recorded state, the head row, and the checkpoints
 * (outside ones and the journal's own). Reads only; the caller opens the journal read-only.
 */
export interface VerifyOptions {
  publicKey: KeyObject;
  publicKeyText: string;
  /** Checkpoints kept outside the journal (files, a Z slip's QR code). */
  checkpoints: CheckpointSource[];
  /** Only the signatures that decide (signatures.ts); otherwise every entry's. */
  quick?: boolean;
  /** How much older than the newest audit event an unsealed one may be (default 5 minutes). */
  tailMs?: number;
  progress?: (entries: number) => void;
}

export interface VerifyReport {
  entries: number;
  head: { seq: number; hash: string } | null;
  unsealed: number;
  rowsChecked: number;
  checkpointsHeld: number;
  /** Every problem, in chain order: the first names the first bad entry. */
  problems: Problem[];
  /** How many problems there were (more than `problems` holds in a journal in ruins). */
  problemCount: number;
  /** Milliseconds each part took (the bench prints them). */
  timings: Record<string, number>;
}

export async function verifyJournal(db: Db, options: VerifyOptions): Promise<VerifyReport> {
  const problems = new Problems();
  const timings: Record<string, number> = {};
  let since = performance.now();
  let cpu = process.cpuUsage();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - since);
    timings[`${name} (cpu)`] = Math.round(process.cpuUsage(cpu).user / 1000);
    since = now;
    cpu = process.cpuUsage();
  };
  const inside = await journalCheckpoints(db);
  const sources = [...options.checkpoints, ...inside];
  const checkpointSeqs = new Set(sources.map((s) => s.checkpoint.seq));
  const quick = options.quick ?? false;
  const scan = await scanChain(
    db,
    options.publicKey,
    { quick, checkpointSeqs },
    problems,
    options.progress,
  );
  lap("chain");
  const tail = await scanUnsealed(db, options.tailMs ?? 5 * 60_000, problems);
  lap("unsealed");
  const rowsChecked = await checkRows(db, tail.tailFrom, problems);
  lap("rows");
  await checkHeadRow(db, scan, problems);
  const checkpointsHeld = checkCheckpoints(
    sources,
    scan,
    { publicKey: options.publicKey, text: options.publicKeyText },
    problems,
  );
  if (quick) await checkSignaturesQuick(db, options.publicKey, scan, problems);
  lap("checkpoints and head");
  return {
    entries: scan.entries,
    head: scan.head,
    unsealed: tail.unsealed,
    rowsChecked,
    checkpointsHeld,
    problems: problems.sorted(),
    problemCount: problems.count,
    timings,
  };
}
