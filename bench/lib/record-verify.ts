import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDb } from "../../lib/db/open";
import { seed } from "../../lib/db/seed";
import { loadOrMakeSigningKey, signingKeyFile } from "../../lib/record/keys";
import { sealChain } from "../../lib/record/sealer";
import { saleStateSql } from "../../lib/record/state";
import type { Row } from "./report";

/**
 * `npm run bench -- --verify-only [--entries N]`: how long `npm run verify` takes over a chain
 * of N entries (default 1,000,000) on the embedded journal, with Kassa stopped. The journal is
 * seeded in SQL as Kassa's writers leave it: sales each with a recorded and a settled event
 * carrying the sale's state (two fifths of the entries), the rest sign-ins and prints; then
 * Kassa's own sealer seals it, and `npm run verify` runs as a shop would run it, in full and
 * with --quick. Target: under 60 s for a million entries.
 */
const TARGET_S = 60;

export async function benchVerify(entries: number, dataDir: string): Promise<Row[]> {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  const sales = Math.floor((entries * 2) / 5 / 2);
  const others = entries - 2 * sales;
  const started = performance.now();
  const journal = await openDb({ pgliteDir: dataDir });
  try {
    const db = journal.db;
    await seed(db, { demo: false });
    await db.execute(sql`insert into users (username, display_name, role, password_hash)
      values ('bench', 'Bench', 'cashier', 'x')`);
    await db.execute(sql`
      insert into sales (idempotency_key, kind, method, amount_cents, reference, user_id, till_id, request, status, result)
      select gen_random_uuid()::text, (array['electricity','bill','vas','fines'])[1 + i % 4],
        case when i % 3 = 0 then 'card' else 'cash' end, 1000 + i % 50000, lpad(i::text, 11, '0'),
        (select id from users where username = 'bench'), 'till-1', '{}'::jsonb, 'completed',
        jsonb_build_object('tokens', jsonb_build_array(lpad(i::text, 20, '0')))
      from generate_series(1, ${sales}) i`);
    for (const [kind, pending] of [
      ["sale_recorded", true],
      ["sale_settled", false],
    ] as const) {
      const state = pending
        ? sql`jsonb_set(${saleStateSql("s")}, '{status}', '"pending"')`
        : saleStateSql("s");
      await db.execute(sql`
        insert into audit_events (user_id, username, role, till_id, kind, subject, detail)
        select s.user_id, 'bench', 'cashier', s.till_id, ${kind}, s.id::text,
          jsonb_build_object('state', ${state}) from sales s order by s.created_at, s.id`);
    }
    await db.execute(sql`
      insert into audit_events (username, role, till_id, kind, subject, detail)
      select 'bench', 'cashier', 'till-1', case when i % 2 = 0 then 'sign_in' else 'slip_printed' end,
        'bench', jsonb_build_object('address', '127.0.0.1', 'n', i)
      from generate_series(1, ${others}) i`);
    const seeded = performance.now();
    console.log(
      `bench [verify]: seeded ${entries} audit events in ${s(seeded - started)} s; sealing`,
    );
    const { signer } = loadOrMakeSigningKey(signingKeyFile(dataDir));
    const sealed = await sealChain(db, signer, { settleMs: 0, batch: 5000, lateCommits: false });
    console.log(
      `bench [verify]: sealed ${sealed.sealed} entries in ${s(performance.now() - seeded)} s`,
    );
  } finally {
    await journal.close();
  }
  const timed = (args: string[]) => {
    const t = performance.now();
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/verify.ts", ...args], {
      env: {
        ...process.env,
        KASSA_DATA_DIR: dataDir,
        KASSA_CHECKPOINT_DIR: undefined,
        DATABASE_URL: undefined,
      },
      encoding: "utf8",
    });
    const seconds = (performance.now() - t) / 1000;
    console.log(out.trim());
    if (!out.includes(`verified ${entries} entries`))
      throw new Error(`verify did not pass: ${out}`);
    return seconds;
  };
  const full = timed(["--timings"]);
  const quick = timed(["--quick", "--timings"]);
  if (!process.env.BENCH_KEEP) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  return [
    {
      figure: `npm run verify, ${entries} entries (every signature)`,
      value: `${full.toFixed(1)} s`,
      target: `< ${TARGET_S} s`,
      met: full < TARGET_S,
    },
    {
      figure: `npm run verify --quick, ${entries} entries`,
      value: `${quick.toFixed(1)} s`,
      target: `< ${TARGET_S} s`,
      met: quick < TARGET_S,
    },
  ];
}

const s = (ms: number) => (ms / 1000).toFixed(1);
