import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { OpenDb } from "@/lib/db/open";
import { rowsOf } from "@/lib/record/audit-rows";
import { entryHash, GENESIS_HASH } from "@/lib/record/canonical";
import { parseCheckpoint, checkpointSignatureHolds } from "@/lib/record/checkpoint";
import { hashSignatureHolds } from "@/lib/record/keys";
import { sealChain, SigningKeyMismatch } from "@/lib/record/sealer";
import { journalTargets } from "./journal-targets";
import {
  chainRows,
  newSigner,
  putEvent,
  putPeople,
  recordSale,
  settleSale,
} from "./record-support";

/**
 * The sealer on both journals: every audit event becomes one chain entry, in a gapless
 * sequence, each hash over the previous one and signed; Z reports and business days become
 * signed checkpoints with cumulative totals; and several sealers at once (two instances on one
 * PostgreSQL, or overlapping runs) still leave one chain.
 */
const signer = newSigner();

async function expectOneChain(db: OpenDb["db"]) {
  const chain = await chainRows(db);
  let prev = GENESIS_HASH;
  chain.forEach((entry, i) => {
    expect(entry.seq).toBe(i + 1);
    expect(entry.prev_hash).toBe(prev);
    expect(entry.hash).toBe(entryHash(prev, entry.canonical));
    expect(hashSignatureHolds(signer.publicKey, entry.hash, entry.signature)).toBe(true);
    prev = entry.hash;
  });
  const [unsealed] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from audit_events a
      where not exists (select 1 from record_chain c where c.audit_id = a.id)`),
  );
  expect(unsealed!.n).toBe(0);
  return chain;
}

describe.each(journalTargets("record"))("the sealer on $name", ({ name, open }) => {
  let opened: { db: OpenDb; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.drop();
  });

  it("seals every audit event once, in order, hashed over the previous entry and signed", async () => {
    const { db } = opened.db;
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(await putEvent(db, "sign_in", `user${i}`, { address: "::1" }));
    const first = await sealChain(db, signer, { settleMs: 0 });
    expect(first.sealed).toBe(5);
    const again = await sealChain(db, signer, { settleMs: 0 });
    expect(again.sealed).toBe(0);
    const chain = await expectOneChain(db);
    expect(chain.map((e) => e.audit_id)).toEqual(ids);
    expect(JSON.parse(chain[0]!.canonical)).toMatchObject({
      id: ids[0],
      kind: "sign_in",
      subject: "user0",
      detail: { address: "::1" },
    });
  });

  it("leaves events younger than the settle time for the next run", async () => {
    const { db } = opened.db;
    await putEvent(db, "sign_out");
    const early = await sealChain(db, signer, { settleMs: 60_000 });
    expect(early.sealed).toBe(0);
    const later = await sealChain(db, signer, { settleMs: 0 });
    expect(later.sealed).toBe(1);
  });

  it("closes a Z report with a signed checkpoint holding the head and the cumulative totals", async () => {
    const { db } = opened.db;
    const people = await putPeople(db);
    const cash = await recordSale(db, people, { amountCents: 10_000 });
    await settleSale(db, cash, "completed", { tokens: ["1234"] });
    const card = await recordSale(db, people, { kind: "bill", method: "card", amountCents: 2_500 });
    await settleSale(db, card, "completed");
    const failed = await recordSale(db, people, { amountCents: 7_000 });
    await settleSale(db, failed, "failed");
    // A sale completed, then failed by hand: it leaves the totals.
    const undone = await recordSale(db, people, { amountCents: 999 });
    await settleSale(db, undone, "completed");
    await settleSale(db, undone, "failed");
    await putEvent(db, "shift_closed", "shift-1", { zNumber: 7 });
    const sealed = await sealChain(db, signer, { settleMs: 0 });
    expect(sealed.checkpoints).toBe(1);
    const [row] = rowsOf<{ seq: string | number; body: string; signature: string }>(
      await db.execute(
        sql`select seq, body, signature from record_checkpoints where kind = 'z' and label = '7'`,
      ),
    );
    const parsed = parseCheckpoint(
      JSON.stringify({ ...JSON.parse(row!.body), signature: row!.signature }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(checkpointSignatureHolds(signer.publicKey, parsed.checkpoint)).toBe(true);
    const chain = await chainRows(db);
    const closing = chain.at(-1)!;
    expect(parsed.checkpoint).toMatchObject({
      kind: "z",
      seq: closing.seq,
      hash: closing.hash,
      publicKey: signer.publicKeyText,
      totals: {
        "sale/electricity/cash": { count: 1, cents: 10_000 },
        "sale/bill/card": { count: 1, cents: 2_500 },
      },
    });
    expect(Number(row!.seq)).toBe(closing.seq);
  });

  it("closes the last day that sealed anything at the first seal of a new day", async () => {
    const { db } = opened.db;
    await db.execute(sql`update record_head set day = '2000-01-01' where id = 1`);
    const [head] = rowsOf<{ seq: string | number }>(
      await db.execute(sql`select seq from record_head`),
    );
    await putEvent(db, "sign_in", "early-bird");
    const sealed = await sealChain(db, signer, { settleMs: 0 });
    expect(sealed.checkpoints).toBe(1);
    const [day] = rowsOf<{ seq: string | number }>(
      await db.execute(
        sql`select seq from record_checkpoints where kind = 'day' and label = '2000-01-01'`,
      ),
    );
    // The day's checkpoint holds the chain as the day left it, before the new day's event.
    expect(Number(day!.seq)).toBe(Number(head!.seq));
  });

  it("refuses to extend a chain another key signed", async () => {
    const { db } = opened.db;
    await putEvent(db, "sign_in", "someone");
    await expect(sealChain(db, newSigner(), { settleMs: 0 })).rejects.toBeInstanceOf(
      SigningKeyMismatch,
    );
    await sealChain(db, signer, { settleMs: 0 });
  });

  it(`leaves one gapless chain when sealers run at once while events are written (${name})`, async () => {
    // Two instances on PostgreSQL: a second connection pool on the same database.
    const second = name === "PostgreSQL" ? await openSecond(opened.db) : opened.db;
    try {
      const writers = [opened.db.db, second.db].map(async (db, w) => {
        for (let i = 0; i < 40; i++) await putEvent(db, "slip_printed", `w${w}-${i}`);
      });
      let writing = true;
      const done = Promise.all(writers).finally(() => (writing = false));
      const sealers = [opened.db.db, second.db, opened.db.db].map(async (db) => {
        while (writing) await sealChain(db, signer, { settleMs: 0 });
      });
      await Promise.all([done, ...sealers]);
      await sealChain(opened.db.db, signer, { settleMs: 0 });
      const chain = await expectOneChain(opened.db.db);
      expect(new Set(chain.map((e) => e.audit_id)).size).toBe(chain.length);
    } finally {
      if (second !== opened.db) await second.close();
    }
  });
});

/** A second instance's connection to the same PostgreSQL database. */
async function openSecond(first: OpenDb): Promise<OpenDb> {
  const { openDb } = await import("@/lib/db/open");
  const [row] = rowsOf<{ db: string }>(
    await first.db.execute(sql`select current_database() as db`),
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.db}`;
  return openDb({ postgresUrl: url.toString() });
}
