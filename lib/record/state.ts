import { sql, type SQL } from "drizzle-orm";

/**
 * The state a change leaves a sale or a card order in, as the record keeps it: built by the
 * database itself from the row just written (so the change, its audit event and this state
 * go in one statement, with no extra round trip), and built again the same way by the verifier
 * from today's row. Two equal states mean the row is as the record says it was left.
 *
 * The result (tokens, receipts, PINs) is kept as its SHA-256 over PostgreSQL's canonical jsonb
 * text: the record proves the result was not changed without holding a token or a PIN itself.
 *
 * `row` is the alias of the sales (or card_orders) row in the statement, for example the
 * `RETURNING` side of an update inside a CTE.
 */
export function saleStateSql(row: string): SQL {
  const r = sql.raw(row);
  return sql`jsonb_build_object(
    'id', ${r}.id,
    'status', ${r}.status,
    'kind', ${r}.kind,
    'method', ${r}.method,
    'amountCents', ${r}.amount_cents,
    'reference', ${r}.reference,
    'userId', ${r}.user_id,
    'tillId', ${r}.till_id,
    'shiftId', ${r}.shift_id,
    'idempotencyKey', ${r}.idempotency_key,
    'errorKind', ${r}.error->>'kind',
    'resolvedBy', ${r}.resolved_by,
    'resultSha256', encode(sha256(convert_to(coalesce(${r}.result::text, ''), 'UTF8')), 'hex')
  )`;
}

/** The same for a card order: its state at the core service and what Kassa did about it. */
export function cardOrderStateSql(row: string): SQL {
  const r = sql.raw(row);
  return sql`jsonb_build_object(
    'saleId', ${r}.sale_id,
    'status', ${r}.status,
    'amountCents', ${r}.amount_cents,
    'final', ${r}.final,
    'needsRefund', ${r}.needs_refund,
    'paidNotDelivered', ${r}.paid_not_delivered_at is not null,
    'lateOutcome', ${r}.late_outcome
  )`;
}
