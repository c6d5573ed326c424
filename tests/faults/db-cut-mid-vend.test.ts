import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../bench/lib/kassa-client";
import { tcpProxy } from "../../bench/lib/tcp-proxy";
import {
  act,
  ACTIONS,
  cashierWithShift,
  createDatabase,
  freePort,
  fresh,
  PG_URL,
  purchase,
  PURCHASE_PATH,
  saleByKey,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
  type TempDatabase,
  waitFor,
} from "./support/cluster";

/**
 * The journal's PostgreSQL cut off in the middle of a vend: the sale is recorded and sent,
 * then the connection to the database is gone when the core service answers. The cashier
 * still sees the token (or the voucher's PIN) marked "Not recorded", the answer waits in the
 * spool, and once the database is back the journal holds the completed sale with that token,
 * while the core service executed the sale once.
 */
const sandbox = sandboxClient();
const SPOOL = fresh(".data/faults-db-cut-spool");
const VAS_PURCHASE = "/v1/VAS/Purchase";

type NotRecorded = { notice: string; lines: { label: string; value: string; big?: boolean }[] };

describe.skipIf(!PG_URL)("the database cut in the middle of a vend", () => {
  let database: TempDatabase;
  let stopSandbox: () => Promise<void>;
  let app: Instance;
  let till: Session;
  const proxy = tcpProxy({
    host: new URL(PG_URL ?? "postgresql://127.0.0.1:5432").hostname,
    port: Number(new URL(PG_URL ?? "postgresql://x:5432").port || 5432),
  });

  async function journalRow(saleId: string) {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select status, result, raw_answers from sales where id = $1",
        [saleId],
      );
      return rows[0] as
        | {
            status: string;
            result: Record<string, unknown> | null;
            raw_answers: { status: number }[] | null;
          }
        | undefined;
    } finally {
      await client.end();
    }
  }

  /** Cut the database once the sale's call has reached the core service (it is recorded and claimed by then). */
  async function cutWhenSent(apiPath: string, before: number): Promise<void> {
    await waitFor(
      `${apiPath} to reach the sandbox`,
      async () => (await sandbox.requests(apiPath)) > before,
    );
    await proxy.cut();
  }

  beforeAll(async () => {
    database = await createDatabase("cut");
    stopSandbox = (await sandbox.start()).stop;
    await proxy.listen();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    app = await startInstance(await freePort(), sandbox.port, {
      databaseUrl: viaProxy.toString(),
      extraEnv: { KASSA_SPOOL_DIR: SPOOL },
    });
    till = await cashierWithShift(app.baseUrl);
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    await proxy.cut();
    await database?.drop();
    fresh(SPOOL);
  });

  it("shows the token marked not recorded, spools it, and the journal settles it once the database is back", async () => {
    const key = crypto.randomUUID();
    await sandbox.fault({ path: PURCHASE_PATH, kind: "latency", count: 1, ms: 2_500 });
    const answer = purchase(till, key, "01100000007", "tshwane_prepaid", "52");
    await cutWhenSent(PURCHASE_PATH, 0);
    const call = await answer;

    const sale = saleOf(call) as
      { id: string; status: string; notRecorded: NotRecorded | null } | undefined;
    expect(sale?.status, call.body.slice(0, 400)).toBe("completed");
    expect(sale?.notRecorded?.notice).toBe("Not recorded: keep this slip and tell a supervisor.");
    const token = sale?.notRecorded?.lines.find((l) => l.big)?.value.replace(/ /g, "");
    expect(token).toMatch(/^\d{20}$/);
    const spooled = fs.readFileSync(path.join(SPOOL, "spool", "spool.jsonl"), "utf8");
    expect(spooled).toContain(sale!.id);
    expect(spooled).toContain(token!.slice(0, 8));

    await proxy.listen();
    // Taken in by the periodic intake (every 30 s) or after the next successful write.
    await waitFor(
      "the journal to settle the sale from the spool",
      async () => (await journalRow(sale!.id))?.status === "completed",
      90_000,
    );
    const row = await journalRow(sale!.id);
    expect(JSON.stringify(row?.result)).toContain(token);
    expect(row?.raw_answers?.[0]?.status).toBe(200);
    expect(await sandbox.requests(PURCHASE_PATH)).toBe(1);
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);

    // The cashier's own view agrees: the journal holds the sale under its key.
    expect(await saleByKey(till, key)).toMatchObject({ id: sale!.id, status: "completed" });
  });

  it("shows a voucher's PIN marked not recorded, and the journal keeps it once the database is back", async () => {
    const quote = await act(till, ACTIONS.vas("getVasQuoteAction"), {
      productId: "GOOGLEPLAY-100",
    });
    const token = (quote.result?.data as { token?: string } | undefined)?.token;
    expect(token, quote.body.slice(0, 300)).toBeTruthy();
    const before = await sandbox.requests(VAS_PURCHASE);
    await sandbox.fault({ path: VAS_PURCHASE, kind: "latency", count: 1, ms: 2_500 });
    const answer = act(till, ACTIONS.vas("purchaseVasAction"), {
      idempotencyKey: crypto.randomUUID(),
      quoteToken: token,
      method: "cash",
    });
    await cutWhenSent(VAS_PURCHASE, before);
    const call = await answer;

    const sale = saleOf(call) as
      { id: string; status: string; notRecorded: NotRecorded | null } | undefined;
    expect(sale?.status, call.body.slice(0, 400)).toBe("completed");
    expect(sale?.notRecorded?.notice).toMatch(/^Not recorded/);
    const pin = sale?.notRecorded?.lines.find((l) => l.big)?.value.replace(/ /g, "");
    expect(pin).toMatch(/^\w{8,}$/);

    await proxy.listen();
    await waitFor(
      "the journal to settle the voucher from the spool",
      async () => (await journalRow(sale!.id))?.status === "completed",
      90_000,
    );
    expect((await journalRow(sale!.id))?.result).toMatchObject({
      pin: expect.stringContaining(pin!.slice(0, 4)),
    });
    expect(await sandbox.requests(VAS_PURCHASE)).toBe(before + 1);
  });
});
