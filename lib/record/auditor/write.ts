import fs from "node:fs/promises";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/open";
import { rowsOf } from "../audit-rows";
import { writeCsv, type CsvValue } from "./csv";
import { EXPORT_FORMAT, TABLES, type TableName } from "./tables";

/**
 * `npm run export`: a period of South African business days (`from`..`to`, inclusive) as the
 * CSV files of tables.ts and their index, for an auditor. The chain goes from the period's
 * first entry to the head (so every row exported can be held to the last state the chain
 * gives it); `npm run verify -- DIR` checks the folder (check.ts). No server-only guard: a
 * script writes it.
 */
const UTC = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const inPeriod = (column: string, from: string, to: string) =>
  sql`(${sql.raw(column)} at time zone 'Africa/Johannesburg')::date between ${from}::date and ${to}::date`;

/** The query's rows in the table's column order (each column is selected under its own name). */
async function rows(db: Db, table: TableName, query: SQL): Promise<CsvValue[][]> {
  const names = TABLES[table].columns.map((col) => col.name);
  return rowsOf<Record<string, CsvValue>>(await db.execute(query)).map((r) =>
    names.map((name) => r[name]),
  );
}

export interface ExportResult {
  dir: string;
  counts: Record<TableName, number>;
}

export async function exportPeriod(
  db: Db,
  options: { from: string; to: string; dir: string; publicKey: string },
): Promise<ExportResult> {
  const { from, to } = options;
  const sales = await rows(
    db,
    "sales",
    sql`select s.id::text as sale_id, ${UTC("s.created_at")} as created_at,
      ${UTC("s.settled_at")} as settled_at, s.kind, s.method, s.status, s.amount_cents,
      s.reference, s.user_id::text as user_id, u.username, s.till_id, s.shift_id::text as shift_id,
      s.error->>'kind' as error_kind, s.resolved_by::text as resolved_by
      from sales s left join users u on u.id = s.user_id
      where ${inPeriod("s.created_at", from, to)} order by s.created_at, s.id`,
  );
  const lines = await rows(
    db,
    "lines",
    sql`select s.id::text as sale_id, coalesce(f.n, 1)::int as line,
        coalesce('Notice ' || (f.line->>'noticeNumber'), s.kind || ' ' || s.reference) as description,
        coalesce((f.line->>'grossCents')::int, s.amount_cents) as amount_cents
      from sales s
      left join lateral jsonb_array_elements(case when s.kind = 'fines' then s.request->'fines' end)
        with ordinality as f(line, n) on true
      where ${inPeriod("s.created_at", from, to)} order by s.created_at, s.id, f.n`,
  );
  const payments = await rows(
    db,
    "payments",
    sql`select s.id::text as sale_id, s.method, s.amount_cents, o.status as card_status,
      ${UTC("o.paid_at")} as card_paid_at, o.needs_refund, o.late_outcome
      from sales s left join card_orders o on o.sale_id = s.id
      where ${inPeriod("s.created_at", from, to)} order by s.created_at, s.id`,
  );
  const cashMovements = await rows(
    db,
    "cashMovements",
    sql`select m.id::text as id, ${UTC("m.created_at")} as created_at, m.shift_id::text as shift_id,
      m.till_id, m.user_id::text as user_id, m.kind, m.amount_cents, m.reason
      from cash_movements m where ${inPeriod("m.created_at", from, to)} order by m.created_at, m.id`,
  );
  const closings = await rows(
    db,
    "closings",
    sql`select h.z_number, h.id::text as shift_id, h.till_id, h.user_id::text as user_id,
      ${UTC("h.opened_at")} as opened_at, ${UTC("h.closed_at")} as closed_at,
      h.closed_by::text as closed_by, h.opening_float_cents, h.expected_cash_cents,
      h.counted_cash_cents, h.counted_cash_cents - h.expected_cash_cents as variance_cents,
      h.force_close_reason
      from shifts h where h.closed_at is not null and ${inPeriod("h.closed_at", from, to)}
      order by h.z_number`,
  );
  const [first] = rowsOf<{ seq: string | number | null }>(
    await db.execute(sql`select min(c.seq) as seq from record_chain c
      join audit_events a on a.id = c.audit_id where ${inPeriod("a.at", from, to)}`),
  );
  const fromSeq = first?.seq == null ? null : Number(first.seq);
  const chain =
    fromSeq === null
      ? []
      : await rows(
          db,
          "chain",
          sql`select seq, audit_id, canonical, prev_hash, hash, signature from record_chain
            where seq >= ${fromSeq} order by seq`,
        );
  const checkpoints =
    fromSeq === null
      ? []
      : await rows(
          db,
          "checkpoints",
          sql`select body as checkpoint, signature from record_checkpoints
            where seq >= ${fromSeq} order by seq, kind`,
        );

  const data: Record<TableName, CsvValue[][]> = {
    sales,
    lines,
    payments,
    cashMovements,
    closings,
    chain,
    checkpoints,
  };
  await fs.mkdir(options.dir, { recursive: true });
  for (const [name, table] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][])
    await fs.writeFile(
      path.join(options.dir, table.file),
      writeCsv(
        table.columns.map((col) => col.name),
        data[name],
      ),
    );
  const index = {
    format: EXPORT_FORMAT,
    modelledOn: "DSFinV-K (one CSV per table, an index of files, columns and types)",
    period: { from, to, timeZone: "Africa/Johannesburg" },
    exportedAt: new Date().toISOString(),
    publicKey: options.publicKey,
    chain: { fromSeq, entries: chain.length },
    encoding:
      "UTF-8, RFC 4180 (CRLF), header row; values exact (no spreadsheet escaping); empty = null",
    tables: Object.values(TABLES),
  };
  await fs.writeFile(path.join(options.dir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  return {
    dir: options.dir,
    counts: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.length])) as Record<
      TableName,
      number
    >,
  };
}
