/**
 * What `npm run verify` finds wrong, each tied to the chain entry it concerns where there is
 * one, so the report can name the first bad entry. Pure.
 */
export interface Problem {
  /** The chain entry concerned (the first one that is not as sealed), if any. */
  seq?: number;
  /** The audit event concerned, if any. */
  auditId?: number;
  message: string;
}

/** More than this many are counted, not kept: a journal in ruins says so without using all memory. */
const KEPT = 10_000;

export class Problems {
  readonly list: Problem[] = [];
  private dropped = 0;
  add(problem: Problem): void {
    if (this.list.length < KEPT) this.list.push(problem);
    else this.dropped++;
  }
  get count(): number {
    return this.list.length + this.dropped;
  }
  /** In chain order: entries first by sequence number, then what concerns no entry. */
  sorted(): Problem[] {
    return [...this.list].sort(
      (a, b) =>
        (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER) ||
        (a.auditId ?? 0) - (b.auditId ?? 0),
    );
  }
}

/** "entry 12 (audit event 40)": how a report names an entry. */
export function entryName(p: Pick<Problem, "seq" | "auditId">): string {
  if (p.seq !== undefined && p.auditId !== undefined)
    return `entry ${p.seq} (audit event ${p.auditId})`;
  if (p.seq !== undefined) return `entry ${p.seq}`;
  if (p.auditId !== undefined) return `audit event ${p.auditId}`;
  return "the journal";
}
