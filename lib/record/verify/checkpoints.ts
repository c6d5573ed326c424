import type { KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { rowsOf } from "../audit-rows";
import { canonicalJson } from "../canonical";
import { checkpointSignatureHolds, type SignedCheckpoint } from "../checkpoint";
import type { ChainScan } from "./chain";
import type { Problems } from "./problems";

/**
 * The chain against the signed checkpoints: those kept outside the journal (files, the Z
 * slips' QR codes) and the journal's own copies. The chain must still hold, at each
 * checkpoint's sequence number, the hash it signed, with the same cumulative totals: a journal
 * cut short or put back to an older copy ends before a checkpoint, a rewritten one differs.
 */
export interface CheckpointSource {
  /** Where it came from: a file's path, or "the journal". */
  from: string;
  checkpoint: SignedCheckpoint;
}

const named = (s: CheckpointSource) =>
  `checkpoint ${s.checkpoint.kind === "z" ? `Z ${s.checkpoint.label}` : `of day ${s.checkpoint.label}`} (${s.from})`;

/** The journal's own checkpoints, as sources. */
export async function journalCheckpoints(db: Db): Promise<CheckpointSource[]> {
  const rows = rowsOf<{ body: string; signature: string }>(
    await db.execute(sql`select body, signature from record_checkpoints order by seq`),
  );
  return rows.map((row) => ({
    from: "the journal",
    checkpoint: {
      ...(JSON.parse(row.body) as Omit<SignedCheckpoint, "signature">),
      signature: row.signature,
    },
  }));
}

export function checkCheckpoints(
  sources: CheckpointSource[],
  scan: ChainScan,
  key: { publicKey: KeyObject; text: string },
  problems: Problems,
): number {
  let held = 0;
  for (const source of sources) {
    const c = source.checkpoint;
    if (!checkpointSignatureHolds(key.publicKey, c) || c.publicKey !== key.text) {
      problems.add({
        message: `${named(source)} is not signed by this key, or was changed after it was signed`,
      });
      continue;
    }
    const end = scan.head?.seq ?? 0;
    if (c.seq > end) {
      problems.add({
        seq: end + 1,
        message: `${named(source)}, made ${c.at}, holds entry ${c.seq}, but the chain ends at entry ${end}: the journal was cut short or put back to an older copy`,
      });
      continue;
    }
    if (c.seq > 0 && scan.hashAt.get(c.seq) !== c.hash) {
      problems.add({
        seq: c.seq,
        message: `is not the entry ${named(source)} signed: the chain was rewritten at or before this entry`,
      });
      continue;
    }
    const totals = scan.totalsAt.get(c.seq) ?? {};
    if (canonicalJson(totals) !== canonicalJson(c.totals)) {
      problems.add({
        seq: c.seq,
        message: `the cumulative totals here are not those ${named(source)} signed`,
      });
      continue;
    }
    held++;
  }
  return held;
}

/** The head row the sealer keeps must name the chain's last entry. */
export async function checkHeadRow(db: Db, scan: ChainScan, problems: Problems): Promise<void> {
  const [row] = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`select seq, hash from record_head where id = 1`),
  );
  const end = scan.head?.seq ?? 0;
  if (!row) {
    if (end > 0) problems.add({ seq: end, message: "the chain's head row is missing" });
    return;
  }
  const seq = Number(row.seq);
  if (seq > end)
    problems.add({
      seq: end + 1,
      message: `the chain's head row names entry ${seq}, but the chain ends at entry ${end}: entries were removed from its end`,
    });
  else if (seq < end)
    problems.add({
      seq: seq + 1,
      message: `the chain's head row names entry ${seq}: this entry and those after it were not appended by Kassa's sealer`,
    });
  else if (row.hash !== scan.head?.hash)
    problems.add({ seq, message: "the chain's head row names this entry with another hash" });
}
