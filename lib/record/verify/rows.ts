import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/open";
import { rowsOf } from "../audit-rows";
import { canonicalJson } from "../canonical";
import { cashMovementStateSql, shiftStateSql } from "../drawer-state";
import { STATE_KEYS, type RecordTable } from "../objects";
import { cardOrderStateSql, saleStateSql } from "../state";
import type { Problems } from "./problems";

/**
 * Today's rows against the state the record last left them in: for every sale, card order,
 * shift and cash movement whose state the chain (or its recent unsealed tail) carries, the
 * last such state is compared with the state built again from today's row by the same SQL
 * (lib/record/state.ts, drawer-state.ts), in the database, one query. A row changed or
 * deleted behind Kassa's back no longer matches; the problem names the entry holding the
 * state it should have.
 */
const TABLES: Record<
  RecordTable,
  { table: string; key: string; idKey: string; state: SQL; noun: string }
> = {
  sales: { table: "sales", key: "id", idKey: "id", state: saleStateSql("r"), noun: "sale" },
  card_orders: {
    table: "card_orders",
    key: "sale_id",
    idKey: "saleId",
    state: cardOrderStateSql("r"),
    noun: "card order",
  },
  shifts: { table: "shifts", key: "id", idKey: "id", state: shiftStateSql("r"), noun: "shift" },
  cash_movements: {
    table: "cash_movements",
    key: "id",
    idKey: "id",
    state: cashMovementStateSql("r"),
    noun: "cash movement",
  },
};

/** A key only this table's state has: checked first, so most states cost one test. */
const DISTINCT_KEY: Record<RecordTable, string> = {
  sales: "idempotencyKey",
  card_orders: "needsRefund",
  shifts: "openingFloatCents",
  cash_movements: "reason",
};

/**
 * A state of exactly this table's keys (as objects.ts tells them apart): it has them all, and
 * nothing is left once they are taken away.
 */
function isTable(table: RecordTable): SQL {
  const keys = sql`array[${sql.join(
    STATE_KEYS[table].map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  return sql`(st.state ? ${DISTINCT_KEY[table]} and st.state ?& ${keys} and st.state - ${keys} = '{}'::jsonb)`;
}

export async function checkRows(db: Db, tailFrom: string, problems: Problems): Promise<number> {
  const tables = Object.entries(TABLES) as [RecordTable, (typeof TABLES)[RecordTable]][];
  const kind = sql`case ${sql.join(
    tables.map(([table]) => sql`when ${isTable(table)} then ${table}`),
    sql` `,
  )} end`;
  const current = sql`case l.tbl ${sql.join(
    tables.map(
      ([table, spec]) => sql`when ${table} then (select ${spec.state} from ${sql.raw(spec.table)} r
        where r.${sql.raw(spec.key)} = (l.oid)::uuid)`,
    ),
    sql` `,
  )} end`;
  // Each mismatch, and one row more (all null) that carries how many rows were compared.
  const rows = rowsOf<{
    tbl: RecordTable | null;
    oid: string;
    seq: string | number | null;
    audit_id: string | number;
    sealed: string;
    current: string | null;
    checked: number;
  }>(
    await db.execute(sql`
      with st as materialized (
        select c.seq, c.audit_id, c.seq::numeric as ord, (c.canonical::jsonb)->'detail'->'state' as state
        from record_chain c where c.canonical like '%"state"%'
        union all
        select null, a.id, 1e18 + a.id, a.detail->'state' from audit_events a
        where a.at >= ${tailFrom}::timestamptz and jsonb_typeof(a.detail->'state') = 'object'
          and not exists (select 1 from record_chain c where c.audit_id = a.id)
      ), typed as materialized (
        select st.*, ${kind} as tbl from st where jsonb_typeof(st.state) = 'object'
      ), last as (
        select distinct on (tbl, oid) tbl, oid, seq, audit_id, state from (
          select typed.*, case when tbl = 'card_orders' then state->>'saleId' else state->>'id' end as oid
          from typed where tbl is not null
        ) t order by tbl, oid, ord desc
      ), compared as (
        select l.*, case when l.oid ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          then ${current} end as cur from last l
      )
      select tbl, oid, seq, audit_id, state::text as sealed, cur::text as current,
        (select count(*) from compared)::int as checked
      from compared where cur is distinct from state
      union all
      select null, null, null, null, null, null, (select count(*) from compared)::int
      order by seq nulls last`),
  );
  let checked = 0;
  for (const row of rows) {
    checked = Number(row.checked);
    if (row.tbl === null) continue;
    const noun = TABLES[row.tbl].noun;
    const where = {
      seq: row.seq === null ? undefined : Number(row.seq),
      auditId: Number(row.audit_id),
    };
    problems.add({
      ...where,
      message:
        row.current === null
          ? `the ${noun} ${row.oid} it leaves in its last state is missing from the journal (deleted)`
          : `the ${noun} ${row.oid} is not as this entry left it: ${differences(
              JSON.parse(row.sealed) as Record<string, unknown>,
              JSON.parse(row.current) as Record<string, unknown>,
            )}`,
    });
  }
  return checked;
}

function differences(sealed: Record<string, unknown>, current: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(sealed), ...Object.keys(current)])].sort();
  return keys
    .filter((k) => canonicalJson(sealed[k]) !== canonicalJson(current[k]))
    .map((k) => `${k} ${canonicalJson(sealed[k])} → ${canonicalJson(current[k])}`)
    .join(", ");
}
