import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { OpenDb } from "@/lib/db/open";
import { journalTargets } from "./journal-targets";
import { sales, tills, users } from "@/lib/db/schema";
import { seed } from "@/lib/db/seed";

/**
 * The journal's database rules, on PGlite always and on PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL run gets an empty database of its own.
 */
const targets = journalTargets("test");

describe.each(targets)("journal database on $name", ({ open }) => {
  let opened: { db: OpenDb; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await open();
    await seed(opened.db.db, { demo: true });
  });
  afterAll(async () => {
    await opened.drop();
  });

  it("applies the migrations to an empty database", async () => {
    const rows = await opened.db.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map(
      (r) => r.table_name,
    );
    for (const table of [
      "audit_events",
      "card_orders",
      "sales",
      "settings",
      "shifts",
      "staff_sessions",
      "tills",
      "users",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("seeds tills and demo users once", async () => {
    await seed(opened.db.db, { demo: true });
    const [{ count } = { count: -1 }] = await opened.db.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    expect(count).toBe(5);
    expect((await opened.db.db.select().from(tills)).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps the idempotency key unique under concurrent inserts of the same key", async () => {
    const database = opened.db.db;
    const [cashier] = await database
      .select()
      .from(users)
      .where(sql`${users.role} = 'cashier'`)
      .limit(1);
    const key = `key-${Date.now()}`;
    const attempts = Array.from({ length: 25 }, (_, i) =>
      database
        .insert(sales)
        .values({
          idempotencyKey: key,
          kind: "electricity",
          method: "cash",
          amountCents: 10000 + i,
          reference: "meter",
          userId: cashier!.id,
          tillId: "till-1",
          shiftId: null,
          request: { attempt: i },
        })
        .onConflictDoNothing({ target: sales.idempotencyKey })
        .returning({ id: sales.id }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.length === 1)).toHaveLength(1);
    const rows = await database
      .select()
      .from(sales)
      .where(sql`${sales.idempotencyKey} = ${key}`);
    expect(rows).toHaveLength(1);
    // And a plain second insert of the key is refused by the database itself.
    await expect(
      database.insert(sales).values({
        idempotencyKey: key,
        kind: "electricity",
        method: "cash",
        amountCents: 1,
        reference: "meter",
        userId: cashier!.id,
        tillId: "till-1",
        request: {},
      }),
    ).rejects.toThrow();
  });
});
