import crypto, { type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { canonicalEventSql, readSealed, rowsOf } from "../audit-rows";
import { entryHash, GENESIS_HASH } from "../canonical";
import { applyContribution, contributionOf, NO_CONTRIBUTION, recordedState } from "../objects";
import type { Contribution, Totals } from "../objects";
import type { Problems } from "./problems";

/**
 * The chain read from its first entry to its last, in pages: every sequence number, previous
 * hash and hash recomputed here (node:crypto), every signature checked (or, `quick`, only
 * where it decides: signatures.ts), and every sealed event compared with today's audit row by
 * the database (the canonical text built again, audit-rows.ts). The cumulative totals are
 * kept as the chain goes, for the checkpoints.
 */
const PAGE = 20_000;

export interface ChainScan {
  entries: number;
  head: { seq: number; hash: string } | null;
  /** The cumulative totals after each entry a checkpoint names. */
  totalsAt: Map<number, Totals>;
  /** The hash of each entry a checkpoint names. */
  hashAt: Map<number, string>;
}

interface ChainRow {
  seq: string | number;
  audit_id: string | number;
  canonical: string;
  prev_hash: string;
  hash: string;
  signature: string | null;
  /** Null when the entry's audit event is gone. */
  same: boolean | null;
}

export async function scanChain(
  db: Db,
  publicKey: KeyObject,
  options: { quick: boolean; checkpointSeqs: Set<number> },
  problems: Problems,
  progress?: (entries: number) => void,
): Promise<ChainScan> {
  const scan: ChainScan = { entries: 0, head: null, totalsAt: new Map(), hashAt: new Map() };
  const totals: Totals = {};
  const contributions = new Map<string, Contribution>();
  let expected = 1;
  let prev = GENESIS_HASH;
  // The signature checks of the page before this one (on libuv's threads), awaited once this
  // page is read: at most two pages of checks wait at a time.
  let pending: Promise<unknown> = Promise.resolve();
  // Pages by range of sequence numbers, so that the next page is read (on the journal's own
  // thread) while this one is checked and its signatures verified: the three overlap.
  const [top] = rowsOf<{ top: string | number | null }>(
    await db.execute(sql`select max(seq) as top from record_chain`),
  );
  const highest = Number(top?.top ?? 0);
  // Each entry's audit event is looked up by its key in a subquery (null: deleted): as a join,
  // the planner hashed the whole audit table again for every page.
  const page = (after: number) =>
    db.execute(sql`
        select c.seq, c.audit_id, c.canonical, c.prev_hash, c.hash,
          ${options.quick ? sql`null` : sql`c.signature`} as signature,
          (select c.canonical = ${canonicalEventSql("a")} from audit_events a where a.id = c.audit_id) as same
        from record_chain c
        where c.seq > ${after} and c.seq <= ${after + PAGE} order by c.seq`);
  let next = highest > 0 ? page(0) : null;
  for (let after = 0; next; after += PAGE) {
    const rows = rowsOf<ChainRow>(await next);
    next = after + PAGE < highest ? page(after + PAGE) : null;
    const signatures: Promise<void>[] = [];
    for (const row of rows) {
      const seq = Number(row.seq);
      const at = { seq, auditId: Number(row.audit_id) };
      if (seq !== expected)
        problems.add({
          seq: expected,
          message:
            seq > expected
              ? `entries ${expected} to ${seq - 1} are missing: the chain jumps from ${expected - 1} to ${seq}`
              : `entry ${seq} is repeated`,
        });
      if (row.prev_hash !== prev)
        problems.add({
          ...at,
          message: `does not follow entry ${seq - 1}: its previous hash is not that entry's hash (an entry removed, inserted or moved)`,
        });
      if (entryHash(row.prev_hash, row.canonical) !== row.hash)
        problems.add({
          ...at,
          message: "its hash is not the hash of its content: the entry was changed",
        });
      if (row.signature !== null) signatures.push(checkSignature(publicKey, row, at, problems));
      if (row.same === null)
        problems.add({ ...at, message: "its audit event was deleted from the journal" });
      else if (!row.same)
        problems.add({ ...at, message: "its audit event was changed after it was sealed" });
      // Only events carrying a row's state move the totals: parse those alone.
      if (row.canonical.includes('"state"')) {
        const recorded = recordedState(readSealed(row.canonical).detail);
        if (recorded) {
          const after = contributionOf(recorded);
          applyContribution(totals, contributions.get(recorded.object) ?? NO_CONTRIBUTION, after);
          contributions.set(recorded.object, after);
        }
      }
      if (options.checkpointSeqs.has(seq)) {
        scan.totalsAt.set(seq, structuredClone(totals));
        scan.hashAt.set(seq, row.hash);
      }
      prev = row.hash;
      expected = seq + 1;
      scan.entries++;
      scan.head = { seq, hash: row.hash };
    }
    await pending;
    pending = Promise.all(signatures);
    progress?.(scan.entries);
  }
  await pending;
  if (options.checkpointSeqs.has(0)) scan.totalsAt.set(0, {});
  return scan;
}

function checkSignature(
  publicKey: KeyObject,
  row: Pick<ChainRow, "hash" | "signature">,
  at: { seq: number; auditId: number },
  problems: Problems,
): Promise<void> {
  return new Promise((resolve) => {
    // The callback form runs on libuv's thread pool: signatures are checked beside the reading.
    crypto.verify(
      null,
      Buffer.from(row.hash, "hex"),
      publicKey,
      Buffer.from(row.signature ?? "", "base64"),
      (error, ok) => {
        if (error || !ok)
          problems.add({ ...at, message: "its signature is not Kassa's signature of its hash" });
        resolve();
      },
    );
  });
}
