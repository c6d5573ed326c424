import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDb, type OpenDb } from "@/lib/db/open";
import { tills } from "@/lib/db/schema";

/**
 * The embedded journal runs on a thread of its own (lib/db/pglite-worker.mjs). What crosses
 * between the threads must behave as PGlite in one thread does: PostgreSQL's error fields,
 * transactions that commit or roll back as a whole, one transaction at a time, and dates
 * as drizzle reads them.
 */
describe("PGlite on its own thread", () => {
  let opened: OpenDb;
  beforeAll(async () => {
    opened = await openDb({ memory: true });
  });
  afterAll(async () => {
    await opened.close();
  });

  /** The error and its causes, as Kassa's checks walk them (lib/shifts/close.ts). */
  function chain(error: unknown): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
      out.push(e as Record<string, unknown>);
    return out;
  }

  it("reports a unique violation with PostgreSQL's code and the constraint's name", async () => {
    const { db } = opened;
    await db.insert(tills).values({ id: "thread-1", name: "Thread 1", kind: "counter" });
    const error = await db
      .insert(tills)
      .values({ id: "thread-1", name: "Thread 1 again", kind: "counter" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const pgError = chain(error).find((e) => e.code !== undefined);
    expect(pgError).toMatchObject({ code: "23505", constraint: "tills_pkey" });
  });

  it("rolls a failed transaction back whole and reports the statement's own error", async () => {
    const { db } = opened;
    const error = await db
      .transaction(async (tx) => {
        await tx.insert(tills).values({ id: "thread-2", name: "Thread 2", kind: "counter" });
        await tx.execute(sql`select 1 / 0`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(chain(error).some((e) => e.code === "22012")).toBe(true); // division by zero
    expect(await db.select().from(tills).where(eq(tills.id, "thread-2"))).toEqual([]);
  });

  it("runs one transaction at a time: a statement sent meanwhile sees only what was committed", async () => {
    const { db } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(tills).values({ id: "thread-3", name: "Thread 3", kind: "counter" });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read = db.select().from(tills).where(eq(tills.id, "thread-3"));
    let readDone = false;
    void read.then(() => (readDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readDone).toBe(false);
    release();
    await transaction;
    expect((await read).map((t) => t.name)).toEqual(["Thread 3"]);
  });

  it("hands dates back as drizzle reads them", async () => {
    const { db } = opened;
    const [till] = await db.select().from(tills).where(eq(tills.id, "thread-1"));
    expect(till!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(till!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("refuses statements once closed", async () => {
    const other = await openDb({ memory: true });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it("does not keep a script alive that never closes its journal", () => {
    const script = path.join(process.cwd(), "tests/integration/fixtures/journal-unclosed.ts");
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stdout).toContain("answer 42");
    expect(run.status).toBe(0);
  });
});
