import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * GET /api/health against a journal of its own: ready only while the journal answers, its
 * migrations are at head and Kassa is not stopping; alive (200) whenever it answers at all.
 */
const dataDir = path.join(os.tmpdir(), `kassa-health-${process.pid}-${Date.now()}`);

let GET: (typeof import("@/app/api/health/route"))["GET"];
const lifecycle = () =>
  (globalThis as unknown as { kassaLifecycle: { stopping: boolean } }).kassaLifecycle;
const ask = async (query = "") => {
  const res = await GET(new NextRequest(`http://localhost/api/health${query}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  process.env.KASSA_DATA_DIR = dataDir;
  ({ GET } = await import("@/app/api/health/route"));
  const { db } = await import("@/lib/db");
  await db();
}, 120_000);

async function shiftNewestMigration(by: number) {
  const { db } = await import("@/lib/db");
  await (
    await db()
  ).execute(
    sql`update drizzle.__drizzle_migrations set created_at = created_at + ${by}
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
  );
}

// Opening PGlite cold takes seconds, more on a busy machine.
describe("GET /api/health", { timeout: 120_000 }, () => {
  it("is not ready while the journal's migrations are behind this build", async () => {
    await shiftNewestMigration(-1);
    try {
      const behind = await ask("?ready=1");
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({
        ready: false,
        journal: { reachable: true, migrationsAtHead: false },
      });
      expect((await ask()).status).toBe(200);
    } finally {
      await shiftNewestMigration(1);
    }
  });

  it("is ready with the journal at head, and 503 once Kassa is stopping", async () => {
    const ready = await ask("?ready=1");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      ready: true,
      stopping: false,
      journal: { kind: "pglite", reachable: true, migrationsAtHead: true },
      coreService: { breaker: "closed" },
      sales: { unknown: 0, paidNotDelivered: 0 },
    });

    lifecycle().stopping = true;
    try {
      const stopping = await ask("?ready=1");
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ ready: false, stopping: true });
      // Alive still says the process answers.
      expect((await ask()).status).toBe(200);
    } finally {
      lifecycle().stopping = false;
    }
    expect((await ask("?ready=1")).status).toBe(200);
  });
});
