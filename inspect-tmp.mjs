import { PGlite } from "@electric-sql/pglite";
const db = new PGlite(process.argv[2]);
const r = await db.query(`select s.amount_cents, s.status, s.attempts, s.error->>'kind' as kind, o.status as ostatus, o.checks, o.next_check_at, o.till_seen_at, o.final, o.paid_not_delivered_at, o.created_at from card_orders o join sales s on s.id=o.sale_id order by o.created_at`);
console.table(r.rows);
const a = await db.query(`select at, kind, subject, detail from audit_events where kind like 'card%' order by at desc limit 15`);
console.table(a.rows.map(x=>({at:x.at.toISOString(), kind:x.kind, d: JSON.stringify(x.detail)})));
console.log(new Date().toISOString());
