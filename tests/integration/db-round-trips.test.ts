import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { OpenDb } from "@/lib/db/open";
import { journalTargets } from "./journal-targets";
import { countRoundTrips, journalCounts } from "@/lib/db/round-trips";
import { tills } from "@/lib/db/schema";

/**
 * The journal counts its round trips (what `npm run bench` prints per vend and what a test
 * of the vend path can assert): a statement on its own is one, a transaction is one.
 */
const targets = journalTargets("trips");

describe.each(targets)("journal round trips on $name", ({ open }) => {
  let opened: { db: OpenDb; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened.drop();
  });

  it("counts each statement sent on its own as one round trip", async () => {
    const { db } = opened.db;
    const { counts } = await countRoundTrips(async () => {
      await db.insert(tills).values({ id: "t-trips", name: "Trips", kind: "counter" });
      await db.select().from(tills).where(eq(tills.id, "t-trips"));
      await db.execute(sql`select 1`);
    });
    expect(counts).toEqual({ roundTrips: 3, statements: 3 });
  });

  it("counts a transaction as one round trip and every statement in it", async () => {
    const { db } = opened.db;
    const { counts } = await countRoundTrips(() =>
      db.transaction(async (tx) => {
        await tx.update(tills).set({ name: "Trips 2" }).where(eq(tills.id, "t-trips"));
        await tx.select().from(tills).where(eq(tills.id, "t-trips"));
      }),
    );
    expect(counts.roundTrips).toBe(1);
    expect(counts.statements).toBe(4); // BEGIN, two statements, COMMIT
  });

  it("keeps concurrent scopes apart and adds everything to the process's totals", async () => {
    const { db } = opened.db;
    const before = journalCounts();
    const [a, b] = await Promise.all([
      countRoundTrips(async () => {
        await db.execute(sql`select 1`);
        await db.execute(sql`select 2`);
      }),
      countRoundTrips(async () => {
        await db.execute(sql`select 3`);
      }),
    ]);
    expect(a.counts.roundTrips).toBe(2);
    expect(b.counts.roundTrips).toBe(1);
    expect(journalCounts().roundTrips - before.roundTrips).toBe(3);
  });
});
