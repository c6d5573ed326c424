import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "pg";
import type { Session } from "../../bench/lib/kassa-client";
import {
  cashierWithShift,
  createDatabase,
  freePort,
  PG_URL,
  purchase,
  PURCHASE_PATH,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
  type TempDatabase,
} from "./support/cluster";

/**
 * Two Kassa instances on one PostgreSQL journal, one sandbox: the same purchases submitted
 * 200 times at once, half to each instance. The database's unique key decides, so each key
 * is claimed and sent by one instance once: one attempt in the journal, no take-over, one
 * transaction at the core service. Requests are also counted raw as they reach it (its
 * transaction list merges repeats of a key and would hide a double send): one per key, plus
 * at most the repeats the upstream client itself logged (a timeout or a dropped connection on
 * a loaded machine is repeated under the same key, which the spec allows).
 */
const sandbox = sandboxClient();
const METERS = [
  ["01100000007", "tshwane_prepaid"],
  ["02100000005", "zeerust_prepaid"],
  ["03100000003", "mogale_prepaid"],
  ["04100000001", "ngwathe_prepaid"],
] as const;

describe.skipIf(!PG_URL)("two instances on one PostgreSQL", () => {
  let database: TempDatabase;
  let stopSandbox: () => Promise<void>;
  let instances: Instance[] = [];
  let tills: Session[] = [];

  beforeAll(async () => {
    database = await createDatabase("twin");
    stopSandbox = (await sandbox.start()).stop;
    // Both start together: their migrations queue on the advisory lock.
    const ports = [await freePort(), await freePort()];
    while (ports[1] === ports[0]) ports[1] = await freePort();
    instances = await Promise.all(
      ports.map((port) => startInstance(port, sandbox.port, { databaseUrl: database.url })),
    );
    const a = await cashierWithShift(instances[0]!.baseUrl);
    tills = [a, a.on(instances[1]!.baseUrl)];
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.proc.stop()));
    await stopSandbox?.();
    await database?.drop();
  });

  it("200 concurrent submissions of 20 purchases make exactly one upstream transaction per key", async () => {
    const keys = Array.from({ length: 20 }, () => crypto.randomUUID());
    const submissions = Array.from({ length: 200 }, (_, i) => {
      const k = i % keys.length;
      const [meter, municipality] = METERS[k % METERS.length]!;
      // Each key its own amount: the same meter and amount twice would be a duplicate sale to confirm.
      return {
        key: keys[k]!,
        call: purchase(tills[i % 2]!, keys[k]!, meter, municipality, String(40 + k)),
      };
    });
    const answers = await Promise.all(
      submissions.map(async (s) => ({ key: s.key, call: await s.call })),
    );

    expect(answers.filter((a) => a.call.status !== 200)).toEqual([]);
    // Every submission of one key answers the same completed sale: the ones that lost the
    // claim wait for the winner's answer (lib/sales/counter-sale.ts).
    const saleIds = new Map<string, Set<string>>();
    for (const a of answers) {
      const sale = saleOf(a.call);
      expect(sale?.status, JSON.stringify(a.call.result)).toBe("completed");
      saleIds.set(a.key, (saleIds.get(a.key) ?? new Set()).add(sale!.id));
    }
    expect([...saleIds.values()].map((s) => s.size)).toEqual(keys.map(() => 1));

    const repeats = instances
      .flatMap((i) => i.proc.output().split("\n"))
      .filter(
        (line) =>
          line.includes('"operation":"electricity.purchase"') && line.includes('"retryInMs"'),
      );
    const raw = await sandbox.requests(PURCHASE_PATH);
    expect(raw).toBeGreaterThanOrEqual(keys.length);
    expect(
      raw,
      `${raw} requests for ${keys.length} keys; repeats logged:\n${repeats.join("\n")}`,
    ).toBeLessThanOrEqual(keys.length + repeats.length);
    const transactions = await sandbox.transactions();
    const perKey = keys.map(
      (k) =>
        transactions.filter((t) => t.idempotency === k && /Electricity\/Purchase/i.test(t.path))
          .length,
    );
    expect(perKey).toEqual(keys.map(() => 1));

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      "select status, attempts, count(*)::int as n from sales where idempotency_key = any($1) group by status, attempts",
      [keys],
    );
    const { rows: takeOvers } = await client.query(
      "select count(*)::int as n from audit_events where kind = 'sale_retried' and subject in (select id::text from sales where idempotency_key = any($1))",
      [keys],
    );
    await client.end();
    expect(rows).toEqual([{ status: "completed", attempts: 1, n: 20 }]);
    expect(takeOvers).toEqual([{ n: 0 }]);
  });
});
