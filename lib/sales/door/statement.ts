import { getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { auditEvents } from "@/lib/db/schema";
import type { Actor, AuditKind } from "@/lib/audit";
import { cardOrderStateSql, saleStateSql } from "@/lib/record/state";

/**
 * The door's one statement: the change of a sale (CTE `changed`) and/or of its card order
 * (CTE `changed_order`), and one audit event per row changed, each carrying the state the row
 * was left in (lib/record/state.ts), built by the database from the rows just written. One
 * round trip; a change that matches no row (its from-state is gone) writes no event.
 */
export interface DoorEvent {
  transition: string;
  audit: AuditKind;
  /** The card order's event kind where the sale's and the order's differ. */
  orderAudit?: AuditKind;
  actor: Actor;
  detail: Record<string, unknown>;
}

function eventFrom(cte: "changed" | "changed_order", event: DoorEvent): SQL {
  const a = event.actor;
  const kind = cte === "changed_order" ? (event.orderAudit ?? event.audit) : event.audit;
  const who = sql`${a.userId ?? null}::uuid, ${a.username ?? null}::text, ${a.role ?? null}::text, ${a.tillId ?? null}::text, ${kind}::text`;
  const detail = sql`${JSON.stringify(event.detail)}::jsonb`;
  if (cte === "changed")
    return sql`select ${who}, changed.id::text,
      jsonb_build_object('kind', changed.kind, 'status', changed.status, 'amountCents', changed.amount_cents, 'attempt', changed.attempts)
        || ${detail}
        || jsonb_build_object('transition', ${event.transition}::text, 'row', 'sale', 'state', ${saleStateSql("changed")})
      from changed`;
  return sql`select ${who}, changed_order.sale_id::text,
    jsonb_build_object('amountCents', changed_order.amount_cents, 'orderStatus', changed_order.status, 'check', changed_order.checks)
      || ${detail}
      || jsonb_build_object('transition', ${event.transition}::text, 'row', 'card_order', 'state', ${cardOrderStateSql("changed_order")})
    from changed_order`;
}

/** Runs the change(s) with their audit events and returns the rows of `read`, as the database names their columns. */
export async function changeWithEvents(
  database: Db,
  change: { sale?: SQLWrapper; order?: SQLWrapper },
  event: DoorEvent,
  read: "changed" | "changed_order",
): Promise<Record<string, unknown>[]> {
  const ctes: SQL[] = [];
  const events: SQL[] = [];
  if (change.sale) {
    ctes.push(sql`changed as (${change.sale.getSQL()})`);
    events.push(eventFrom("changed", event));
  }
  if (change.order) {
    ctes.push(sql`changed_order as (${change.order.getSQL()})`);
    events.push(eventFrom("changed_order", event));
  }
  const statement = sql`with ${sql.join(ctes, sql`, `)},
    logged as (insert into ${auditEvents} (user_id, username, role, till_id, kind, subject, detail)
      ${sql.join(events, sql` union all `)})
    select * from ${sql.raw(read)}`;
  const result = (await database.execute(statement)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

/** A row as the database names its columns (`select *`, `returning *`) as drizzle's type of the table. */
export function rowOf<T>(table: PgTable, row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    out[key] =
      column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return out as T;
}
