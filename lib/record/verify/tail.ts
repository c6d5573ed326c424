import { sql } from "drizzle-orm";
import type { Db } from "../../db/open";
import { rowsOf } from "../audit-rows";
import type { Problems } from "./problems";

/**
 * Audit events not (yet) in the chain. The sealer takes each about a second after it is
 * written, so an unsealed event is recent: one written within `tailMs` of the journal's
 * newest event (a backup's or a stopped Kassa's last moments included). An older one was put
 * in behind Kassa's back, or the sealer has not run: either way the record cannot vouch for it.
 * Returns where the recent tail starts (its row states count in the row check).
 */
export async function scanUnsealed(
  db: Db,
  tailMs: number,
  problems: Problems,
): Promise<{ unsealed: number; tailFrom: string }> {
  const [newest] = rowsOf<{ from: string | null }>(
    await db.execute(sql`
      select to_char((max(at) - ${`${Math.max(0, tailMs)} milliseconds`}::interval) at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as from from audit_events`),
  );
  const tailFrom = newest?.from ?? "infinity";
  const rows = rowsOf<{ id: string | number; kind: string; at: string; old: boolean }>(
    await db.execute(sql`
      select a.id, a.kind, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
        a.at < ${tailFrom}::timestamptz as old
      from audit_events a
      where not exists (select 1 from record_chain c where c.audit_id = a.id)
      order by a.id`),
  );
  for (const row of rows)
    if (row.old)
      problems.add({
        auditId: Number(row.id),
        message: `audit event ${row.id} (${row.kind}, ${row.at}) is not in the chain, and it is older than the unsealed tail: written behind Kassa's back, or Kassa has not sealed for a while`,
      });
  return { unsealed: rows.length, tailFrom };
}
