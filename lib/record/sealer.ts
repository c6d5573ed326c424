import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { canonicalEventSql, readSealed, rowsOf } from "./audit-rows";
import { entryHash, GENESIS_HASH } from "./canonical";
import { checkpointBody, type CheckpointFields } from "./checkpoint";
import { hashSignatureHolds, signHash, signText, type Signer } from "./keys";
import {
  applyContribution,
  contributionOf,
  NO_CONTRIBUTION,
  recordedState,
  type Contribution,
  type Totals,
} from "./objects";

/**
 * The sealer: appends the audit events not yet in the chain to `record_chain`, in one
 * transaction per batch under a transaction-level advisory lock, so that any number of Kassa
 * instances on one database extend one chain: the lock makes them take turns, the head row
 * says where the last one stopped, and `seq` (the primary key) is the previous head + 1.
 *
 * Which events a run takes (the settle rule): those written at least `settleMs` before the
 * database's own clock (`audit_events.at`, the writing transaction's start), in id order. An
 * insert whose transaction has not committed yet is invisible; waiting `settleMs` lets every
 * ordinary statement that took a lower id commit before a higher id is sealed. One that
 * commits later still (a transaction longer than `settleMs`) is not lost: each run also looks
 * for unsealed events up to 10 minutes older than the newest sealed one and seals them then,
 * after the ids sealed before them (the chain's order is `seq`; ids only pick what comes next).
 * The embedded journal (PGlite) runs one statement at a time, nothing is ever in flight
 * under it: it seals with `settleMs` 0 and has no late commits to look for.
 */
const SEAL_LOCK_ID = 4_517_002;
const BATCH = 1000;
const UTC_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export interface SealOptions {
  settleMs: number;
  /** Entries per transaction (the bench seeds with larger ones). */
  batch?: number;
  /**
   * Transactions per call at most (default: until nothing is due). The server's loop seals a
   * few at a time, so a journal that predates the record is sealed over its first minutes
   * without holding the embedded journal from its tills for long.
   */
  maxBatches?: number;
  /**
   * Look for events that committed after higher ids were sealed (default true). Only where
   * statements run side by side (PostgreSQL); PGlite runs one at a time and skips the look.
   */
  lateCommits?: boolean;
}

export interface SealResult {
  sealed: number;
  checkpoints: number;
  head: { seq: number; hash: string } | null;
}

/** Raised when this instance's key did not sign the chain's head: it must not extend it. */
export class SigningKeyMismatch extends Error {
  constructor(seq: number) {
    super(
      `The chain's entry ${seq} was not signed by this Kassa's signing key: this instance does not ` +
        `seal. Give every instance on this database the same signing-key file (docs/record.md).`,
    );
    this.name = "SigningKeyMismatch";
  }
}

/** Seals everything due, batch after batch, and says how much. */
export async function sealChain(db: Db, signer: Signer, options: SealOptions): Promise<SealResult> {
  const batch = options.batch ?? BATCH;
  let sealed = 0;
  let checkpoints = 0;
  for (let rounds = 1; ; rounds++) {
    const round = await sealOnce(db, signer, options.settleMs, batch, options.lateCommits ?? true);
    sealed += round.sealed;
    checkpoints += round.checkpoints;
    if (round.sealed < batch || rounds === options.maxBatches)
      return { sealed, checkpoints, head: round.head };
  }
}

interface HeadRow {
  seq: string | number | null;
  hash: string | null;
  max_audit_id: string | number | null;
  last_at: string | null;
  day: string | null;
  totals: string | null;
  today: string;
  now: string;
}

// The last head each key wrote or found signed by itself: a head it did not write (another
// instance's, or at start) has its signature checked once.
const knownHeads = new WeakMap<Signer, string>();

async function assertOwnHead(tx: Db, signer: Signer, seq: number, hash: string): Promise<void> {
  if (knownHeads.get(signer) === hash) return;
  const [row] = rowsOf<{ signature: string }>(
    await tx.execute(sql`select signature from record_chain where seq = ${seq}`),
  );
  if (!row || !hashSignatureHolds(signer.publicKey, hash, row.signature))
    throw new SigningKeyMismatch(seq);
  knownHeads.set(signer, hash);
}

async function sealOnce(
  db: Db,
  signer: Signer,
  settleMs: number,
  batch: number,
  lateCommits: boolean,
): Promise<SealResult & { sealed: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_ID})`);
    const [head] = rowsOf<HeadRow>(
      await tx.execute(sql`
        select h.seq, h.hash, h.max_audit_id, to_char(h.last_at at time zone 'UTC', ${sql.raw(UTC_MICROS)}) as last_at,
          h.day, h.totals::text as totals,
          to_char(now() at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as today,
          to_char(now() at time zone 'UTC', ${sql.raw(UTC_MICROS)}) as now
        from (select 1) one left join record_head h on h.id = 1`),
    );
    const today = head!.today;
    const now = head!.now;
    let seq = head?.seq == null ? 0 : Number(head.seq);
    let prev = head?.hash ?? GENESIS_HASH;
    let maxAuditId = head?.max_audit_id == null ? 0 : Number(head.max_audit_id);
    let lastAt = head?.last_at ?? null;
    const totals: Totals = head?.totals ? (JSON.parse(head.totals) as Totals) : {};
    if (seq > 0) await assertOwnHead(tx, signer, seq, prev);

    const checkpoints: CheckpointFields[] = [];
    const checkpoint = (kind: "z" | "day", label: string, extra: Record<string, unknown> = {}) =>
      checkpoints.push({
        v: 1,
        kind,
        label,
        seq,
        hash: prev,
        at: now,
        totals: structuredClone(totals),
        publicKey: signer.publicKeyText,
        ...extra,
      });
    // The first seal of a new South African day closes the last day that sealed anything.
    if (seq > 0 && head!.day && head!.day < today) checkpoint("day", head!.day);

    const settle = sql`now() - ${`${Math.max(0, settleMs)} milliseconds`}::interval`;
    const due = sql`select a.id, to_char(a.at at time zone 'UTC', ${sql.raw(UTC_MICROS)}) as at,
      ${canonicalEventSql("a")} as canonical from audit_events a`;
    const late =
      lastAt && lateCommits
        ? sql`union all ${due}
          where a.id < ${maxAuditId} and a.at >= ${lastAt}::timestamptz - interval '10 minutes'
            and a.at <= ${settle}
            and not exists (select 1 from record_chain c where c.audit_id = a.id)`
        : sql``;
    const rows = rowsOf<{ id: string | number; at: string; canonical: string }>(
      await tx.execute(sql`
        select * from (
          ${due} where a.id > ${maxAuditId} and a.at <= ${settle}
          ${late}
        ) due order by id limit ${batch}`),
    ).map((row) => ({ ...row, id: Number(row.id), sealed: readSealed(row.canonical) }));

    // What each sale or cash movement of the batch added to the totals so far.
    const states = rows.map((row) => recordedState(row.sealed.detail));
    const objects = [...new Set(states.flatMap((s) => (s ? [s.object] : [])))];
    const before = new Map<string, Contribution>();
    const lastSeq = new Map<string, number>();
    if (objects.length > 0) {
      const found = rowsOf<{ object: string; total: string | null; cents: string | number }>(
        await tx.execute(
          sql`select object, total, cents from record_objects where object in (${sql.join(
            objects.map((o) => sql`${o}`),
            sql`, `,
          )})`,
        ),
      );
      for (const f of found) before.set(f.object, { total: f.total, cents: Number(f.cents) });
    }

    const entries = rows.map((row, i) => {
      const { canonical } = row;
      const hash = entryHash(prev, canonical);
      const entry = {
        seq: seq + 1,
        auditId: row.id,
        canonical,
        prevHash: prev,
        hash,
        signature: signHash(signer, hash),
      };
      seq = entry.seq;
      prev = hash;
      maxAuditId = Math.max(maxAuditId, row.id);
      if (!lastAt || row.at > lastAt) lastAt = row.at;
      const state = states[i];
      if (state) {
        const after = contributionOf(state);
        applyContribution(totals, before.get(state.object) ?? NO_CONTRIBUTION, after);
        before.set(state.object, after);
        lastSeq.set(state.object, entry.seq);
      }
      const zNumber = (row.sealed.detail as { zNumber?: unknown } | null)?.zNumber;
      if (row.sealed.kind === "shift_closed" && typeof zNumber === "number")
        checkpoint("z", String(zNumber), { shiftId: row.sealed.subject });
      return entry;
    });

    if (entries.length > 0) {
      await tx.execute(sql`
        insert into record_chain (seq, audit_id, canonical, prev_hash, hash, signature)
        values ${sql.join(
          entries.map(
            (e) =>
              sql`(${e.seq}, ${e.auditId}, ${e.canonical}, ${e.prevHash}, ${e.hash}, ${e.signature})`,
          ),
          sql`, `,
        )}`);
      if (lastSeq.size > 0)
        await tx.execute(sql`
          insert into record_objects (object, seq, total, cents)
          values ${sql.join(
            [...lastSeq].map(([object, at]) => {
              const c = before.get(object)!;
              return sql`(${object}, ${at}, ${c.total}, ${c.cents})`;
            }),
            sql`, `,
          )}
          on conflict (object) do update set seq = excluded.seq, total = excluded.total,
            cents = excluded.cents`);
    }
    if (entries.length > 0 || checkpoints.length > 0) {
      await tx.execute(sql`
        insert into record_head (id, seq, hash, max_audit_id, last_at, day, totals)
        values (1, ${seq}, ${prev}, ${maxAuditId}, ${lastAt ?? now}::timestamptz, ${today},
          ${JSON.stringify(totals)}::jsonb)
        on conflict (id) do update set seq = excluded.seq, hash = excluded.hash,
          max_audit_id = excluded.max_audit_id, last_at = excluded.last_at, day = excluded.day,
          totals = excluded.totals`);
    }
    for (const fields of checkpoints) {
      const body = checkpointBody(fields);
      await tx.execute(sql`
        insert into record_checkpoints (seq, kind, label, body, signature)
        values (${fields.seq}, ${fields.kind}, ${fields.label}, ${body}, ${signText(signer, body)})
        on conflict (kind, label) do nothing`);
    }
    if (seq > 0) knownHeads.set(signer, prev);
    return {
      sealed: entries.length,
      checkpoints: checkpoints.length,
      head: seq > 0 ? { seq, hash: prev } : null,
    };
  });
}
