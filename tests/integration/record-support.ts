import crypto, { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/record/audit-rows";
import { signerOf, type Signer } from "@/lib/record/keys";
import { saleStateSql } from "@/lib/record/state";

/**
 * Building journals for the record's tests. Sales' state events are written as the one door
 * writes them (lib/record/state.ts: the change and its audit event, `detail.state` built by
 * saleStateSql from the row just written, in one statement), so these tests hold for every
 * writer that keeps that contract.
 */
export const newSigner = (): Signer => signerOf(crypto.generateKeyPairSync("ed25519").privateKey);

/** A cashier and a till for sales to belong to. */
export async function putPeople(db: Db): Promise<{ userId: string; tillId: string }> {
  const tillId = `till-${randomUUID().slice(0, 8)}`;
  await db.execute(sql`insert into tills (id, name) values (${tillId}, ${tillId})`);
  const [user] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (username, display_name, role, password_hash)
      values (${`cashier-${randomUUID().slice(0, 8)}`}, 'Cashier', 'cashier', 'x') returning id::text as id`),
  );
  return { userId: user!.id, tillId };
}

export async function putEvent(
  db: Db,
  kind: string,
  subject: string | null = null,
  detail: Record<string, unknown> | null = null,
): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      insert into audit_events (kind, subject, detail, role)
      values (${kind}, ${subject}, ${detail === null ? null : JSON.stringify(detail)}::jsonb, 'system')
      returning id`),
  );
  return Number(row!.id);
}

/** A sale recorded with its `sale_recorded` event carrying its state, as the door writes it. */
export async function recordSale(
  db: Db,
  people: { userId: string; tillId: string },
  sale: {
    kind?: string;
    method?: string;
    amountCents: number;
    reference?: string;
    shiftId?: string;
  },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      with s as (
        insert into sales (idempotency_key, kind, method, amount_cents, reference, user_id, till_id, shift_id, request)
        values (${randomUUID()}, ${sale.kind ?? "electricity"}, ${sale.method ?? "cash"},
          ${sale.amountCents}, ${sale.reference ?? "01300000005"}, ${people.userId}::uuid,
          ${people.tillId}, ${sale.shiftId ?? null}::uuid, '{}'::jsonb)
        returning *
      ), a as (
        insert into audit_events (user_id, role, till_id, kind, subject, detail)
        select s.user_id, 'cashier', s.till_id, 'sale_recorded', s.id::text,
          jsonb_build_object('state', ${saleStateSql("s")}) from s
      )
      select id::text as id from s`),
  );
  return row!.id;
}

/** A sale's status (and result) changed with its `sale_settled` event, as the door writes it. */
export async function settleSale(
  db: Db,
  saleId: string,
  status: "completed" | "failed" | "unknown",
  result: unknown = null,
): Promise<void> {
  await db.execute(sql`
    with s as (
      update sales set status = ${status}, result = ${result === null ? null : JSON.stringify(result)}::jsonb,
        settled_at = now()
      where id = ${saleId}::uuid returning *
    )
    insert into audit_events (user_id, role, till_id, kind, subject, detail)
    select s.user_id, 'cashier', s.till_id, 'sale_settled', s.id::text,
      jsonb_build_object('to', s.status, 'state', ${saleStateSql("s")}) from s`);
}

export async function chainRows(db: Db) {
  return rowsOf<{
    seq: string | number;
    audit_id: string | number;
    prev_hash: string;
    hash: string;
    signature: string;
    canonical: string;
  }>(await db.execute(sql`select * from record_chain order by seq`)).map((r) => ({
    ...r,
    seq: Number(r.seq),
    audit_id: Number(r.audit_id),
  }));
}
