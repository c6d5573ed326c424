import { sql, type SQL } from "drizzle-orm";
import type { Actor, AuditKind } from "../audit";

/**
 * The audit event of a change, written in the change's own statement: `insert into
 * audit_events ... select ... from <row>`, where `<row>` is the CTE that wrote the row
 * (`with s as (update ... returning *)`). The change and its event commit together or not at
 * all, and the event's `detail.state` is built from the row as written (lib/record/).
 */
export function auditFromRow(
  actor: Actor,
  kind: AuditKind,
  row: string,
  subject: SQL,
  detail: SQL,
): SQL {
  return sql`insert into audit_events (user_id, username, role, till_id, kind, subject, detail)
    select ${actor.userId ?? null}::uuid, ${actor.username ?? null}, ${actor.role ?? null},
      ${actor.tillId ?? null}, ${kind}, ${subject}, ${detail}
    from ${sql.raw(row)}`;
}
