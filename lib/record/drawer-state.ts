import { sql, type SQL } from "drizzle-orm";

/**
 * The state a change leaves a shift or a cash movement in, as the record keeps it (the
 * drawer's side of lib/record/state.ts): built by the database from the row just written,
 * in the statement that writes it and its audit event, and built again the same way by the
 * verifier from today's row. Times are written in UTC with microseconds, whatever the
 * session's time zone, so two databases build the same text.
 */
const utc = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function shiftStateSql(row: string): SQL {
  const r = sql.raw(row);
  return sql`jsonb_build_object(
    'id', ${r}.id,
    'userId', ${r}.user_id,
    'tillId', ${r}.till_id,
    'openedAt', ${utc(sql`${r}.opened_at`)},
    'openingFloatCents', ${r}.opening_float_cents,
    'closedAt', ${utc(sql`${r}.closed_at`)},
    'closedBy', ${r}.closed_by,
    'countedDenominations', ${r}.counted_denominations,
    'countedCashCents', ${r}.counted_cash_cents,
    'expectedCashCents', ${r}.expected_cash_cents,
    'zNumber', ${r}.z_number,
    'forceCloseReason', ${r}.force_close_reason,
    'zReportSha256', case when ${r}.z_report is null then null
      else encode(sha256(convert_to(${r}.z_report::text, 'UTF8')), 'hex') end
  )`;
}

export function cashMovementStateSql(row: string): SQL {
  const r = sql.raw(row);
  return sql`jsonb_build_object(
    'id', ${r}.id,
    'shiftId', ${r}.shift_id,
    'tillId', ${r}.till_id,
    'userId', ${r}.user_id,
    'kind', ${r}.kind,
    'amountCents', ${r}.amount_cents,
    'reason', ${r}.reason,
    'createdAt', ${utc(sql`${r}.created_at`)}
  )`;
}
