import { sql, type SQL } from "drizzle-orm";

/**
 * The canonical text of an audit event, built by the database: PostgreSQL's jsonb text of
 * `{id, at, userId, username, role, tillId, kind, subject, detail}`, with `at` in UTC to the
 * microsecond whatever the session's time zone. jsonb writes every object's keys in one fixed
 * order (shorter keys first, then byte order) and its numbers and strings one way, on
 * PostgreSQL and on PGlite alike, so the same row always gives the same text. The sealer seals
 * this text; the verifier builds it again from today's row and compares, in the database,
 * without reading the event twice. `alias` names audit_events in the query.
 */
export function canonicalEventSql(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`(jsonb_build_object(
    'id', ${a}.id,
    'at', to_char(${a}.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'userId', ${a}.user_id,
    'username', ${a}.username,
    'role', ${a}.role,
    'tillId', ${a}.till_id,
    'kind', ${a}.kind,
    'subject', ${a}.subject,
    'detail', ${a}.detail
  ))::text`;
}

/** What a canonical event says, read back (jsonb text is JSON). */
export interface SealedEvent {
  id: number;
  at: string;
  kind: string;
  subject: string | null;
  detail: unknown;
}

export const readSealed = (canonical: string) => JSON.parse(canonical) as SealedEvent;

/** The rows of a drizzle `execute` on either driver (node-postgres and PGlite both answer `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
