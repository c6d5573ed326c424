import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tcpProxy } from "@/bench/lib/tcp-proxy";
import { isDatabaseDown } from "@/lib/db/down";
import { openDb, type OpenDb } from "@/lib/db/open";

/**
 * The journal's network swallows connections (accepted, never answered): a request must not
 * wait for the journal without end. Before the pool had a connection timeout, the query below
 * waited for ever, and with it a till's sale and every sale queued behind it.
 */
const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)("the journal's connections swallowed by the network", () => {
  const pg = new URL(PG_URL ?? "postgresql://127.0.0.1:5432/test");
  const proxy = tcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
  const name = `kassa_held_${process.pid}_${Date.now()}`;
  let db: OpenDb;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    await proxy.listen();
    const url = new URL(pg);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    db = await openDb({ postgresUrl: url.toString() });
  });

  afterAll(async () => {
    await proxy.cut();
    await db?.close().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("fails as journal unreachable instead of waiting for ever", async () => {
    await db.db.execute(sql`select 1`);
    await proxy.hold();
    const attempt = () =>
      db.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e as Error,
      );
    // The pooled connection the hold dropped fails first; the next query needs a new
    // connection, which the network accepts and never answers.
    let error = await attempt();
    if (!/connection timeout/.test(String(error?.cause ?? error))) error = await attempt();
    expect(String(error?.cause ?? error)).toMatch(/connection timeout/);
    expect(isDatabaseDown(error)).toBe(true);
  }, 60_000);
});
