import type { KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { rowsOf } from "../audit-rows";
import { hashSignatureHolds } from "../keys";
import type { ChainScan } from "./chain";
import type { Problems } from "./problems";

/**
 * `--quick`: signatures checked where they decide, not at every entry. Each entry's hash
 * covers every entry before it, so once every hash and link has been recomputed, a good
 * signature on entry n vouches for entries 1..n, and the signatures of a sound stretch of chain
 * fail from the first forged entry on. So the last entry before the first other problem (the
 * head when there is none) is checked, and when its signature fails a binary search finds
 * the first entry whose own signature fails. What this skips: a signature damaged on its own
 * over an unchanged entry, which changes nothing the record says (the full run reports it).
 */
export async function checkSignaturesQuick(
  db: Db,
  publicKey: KeyObject,
  scan: ChainScan,
  problems: Problems,
): Promise<number> {
  const firstProblem = problems.list.reduce(
    (min, p) => (p.seq !== undefined && p.seq < min ? p.seq : min),
    (scan.head?.seq ?? 0) + 1,
  );
  const upTo = firstProblem - 1;
  if (upTo < 1) return 0;
  let checked = 0;
  const holds = async (seq: number) => {
    checked++;
    const [row] = rowsOf<{ hash: string; signature: string; audit_id: string | number }>(
      await db.execute(sql`select hash, signature, audit_id from record_chain where seq = ${seq}`),
    );
    return row ? hashSignatureHolds(publicKey, row.hash, row.signature) : false;
  };
  if (await holds(upTo)) return checked;
  let good = 0;
  let bad = upTo;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (await holds(mid)) good = mid;
    else bad = mid;
  }
  problems.add({ seq: bad, message: "its signature is not Kassa's signature of its hash" });
  return checked;
}
