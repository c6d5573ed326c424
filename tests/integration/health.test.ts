import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * GET /api/health against a journal of its own: ready only while the journal answers, its
 * migrations are at head and Kassa is not stopping; alive (200) whenever it answers at all.
 * Signed out it says only that; the detail is for the metrics' reader (here, the token).
 */
const dataDir = path.join(os.tmpdir(), `kassa-health-${process.pid}-${Date.now()}`);
const TOKEN = "health-test-metrics-token-0123";

let GET: (typeof import("@/app/api/health/route"))["GET"];
const lifecycle = () =>
  (globalThis as unknown as { kassaLifecycle: { stopping: boolean } }).kassaLifecycle;
const ask = async (query = "", headers: Record<string, string> = {}) => {
  const res = await GET(new NextRequest(`http://localhost/api/health${query}`, { headers }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** As the operator's monitor asks: with the metrics token, for the detail. */
const askDetail = (query = "") => ask(query, { authorization: `Bearer ${TOKEN}` });

/** Readiness follows the journal after a few background checks in a row: wait for `status`. */
async function until(status: number, query = "?ready=1") {
  let answer = await askDetail(query);
  for (let i = 0; i < 300 && answer.status !== status; i++) {
    await new Promise((r) => setTimeout(r, 100));
    answer = await askDetail(query);
  }
  return answer;
}

beforeAll(async () => {
  process.env.KASSA_DATA_DIR = dataDir;
  process.env.KASSA_METRICS_TOKEN = TOKEN;
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
      const behind = await askDetail("?ready=1");
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
    const ready = await until(200);
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
      const stopping = await askDetail("?ready=1");
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ ready: false, stopping: true });
      // Alive still says the process answers.
      expect((await ask()).status).toBe(200);
    } finally {
      lifecycle().stopping = false;
    }
    expect((await askDetail("?ready=1")).status).toBe(200);
  });

  it("tells a signed-out caller only whether Kassa is ready", async () => {
    for (const query of ["", "?ready=1"]) {
      const answer = await ask(query);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ready: true });
    }
    // A wrong token is no token.
    expect((await ask("", { authorization: `Bearer ${TOKEN}x` })).body).toEqual({ ready: true });
    // Nor does a made-up peer address make a caller local.
    expect((await ask("", { "x-kassa-peer": "127.0.0.1" })).body).toEqual({ ready: true });
  });
});
