import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import * as schema from "@/lib/db/schema";
import { canonicalEventSql, rowsOf } from "@/lib/record/audit-rows";
import { entryHash } from "@/lib/record/canonical";
import { isExport, verifyExport } from "@/lib/record/auditor/check";
import { exportPeriod } from "@/lib/record/auditor/write";
import { exportCheckpoints } from "@/lib/record/export";
import { signHash } from "@/lib/record/keys";
import { checkSlip } from "@/lib/record/slip-check";
import { groupedCode, slipCode } from "@/lib/record/slip-code";
import { sealChain } from "@/lib/record/sealer";
import { verifyJournal, type CheckpointSource } from "@/lib/record/verify";
import { readCheckpoints } from "@/lib/record/verify/checkpoint-files";
import { ownDataDir, staffOf } from "./office-support";
import { chainRows, newSigner, putEvent, recordSale, settleSale } from "./record-support";

/**
 * `npm run verify`'s check against a real journal: one built by Kassa's own code (a shift
 * opened, sales recorded and settled as the one door writes them, a cash drop, the shift
 * closed with its Z report, sealed, checkpoints written outside), copied (PGlite's dump, as a
 * backup is), and then tampered with in each way someone with the database could. Every
 * tampering is caught and the first bad entry named; the untouched copy verifies clean.
 */
const home = ownDataDir();
const { db } = await import("@/lib/db");
const { env } = await import("@/lib/env");
const { openedJournal } = await import("@/lib/db/connection");
const { openShift } = await import("@/lib/shifts/current");
const { closeShift } = await import("@/lib/shifts/close");
const { recordCashMovement } = await import("@/lib/shifts/cash-movements");

const signer = newSigner();
const checkpointDir = path.join(home, "checkpoints");
let outside: CheckpointSource[] = [];
/** The journal early on (before the shift closed), and at the end. */
let early: Uint8Array;
let final: Uint8Array;
const ids = { cash: "", card: "", failed: "", drop: "", shift: "" };
const copies: PGlite[] = [];

async function seal(database: Db) {
  await sealChain(database, signer, { settleMs: 0 });
  await exportCheckpoints(database, { dir: checkpointDir, mayCreate: true, journal: "db" });
}

beforeAll(async () => {
  const database = await db();
  const staff = await staffOf(database, "cashier", "till-1");
  const people = { userId: staff.userId, tillId: staff.till.id };
  await putEvent(database, "sign_in", "cashier", { address: "127.0.0.1" });
  const shift = await openShift(staff, 50_000);
  ids.shift = shift.id;
  ids.cash = await recordSale(database, people, { amountCents: 10_000, shiftId: shift.id });
  await settleSale(database, ids.cash, "completed", {
    tokens: [{ kind: "credit", token: "12345678901234567890" }],
  });
  await seal(database);
  early = await (await openedJournal(env())).snapshot!();
  ids.card = await recordSale(database, people, {
    kind: "vas",
    method: "card",
    amountCents: 2_900,
    shiftId: shift.id,
  });
  await settleSale(database, ids.card, "completed", { pin: "1111222233334444" });
  ids.failed = await recordSale(database, people, { amountCents: 5_000, shiftId: shift.id });
  await settleSale(database, ids.failed, "failed");
  ids.drop = (
    await recordCashMovement(staff, { kind: "drop", amountCents: 20_000, reason: "safe" })
  ).id;
  await closeShift(staff, shift.id, { "20000": 2 });
  await putEvent(database, "slip_reprinted", ids.cash);
  await putEvent(database, "sign_out", "cashier");
  await putEvent(database, "sign_in", "supervisor");
  // The day closes too: its checkpoint holds the head after the three events above.
  await seal(database);
  await database.execute(sql`update record_head set day = '2000-01-01'`);
  await seal(database);
  final = await (await openedJournal(env())).snapshot!();
  outside = (await readCheckpoints(checkpointDir, "db")).sources;
  // Kassa's own code builds the journal: a minute or more on a busy machine.
}, 240_000);

afterAll(async () => {
  for (const pg of copies) await pg.close();
});

/** A fresh copy of the journal (as a backup restores it), writable so a test can tamper. */
async function copyOf(tar: Uint8Array): Promise<Db> {
  const pg = new PGlite({ loadDataDir: new Blob([Buffer.from(tar)]) });
  copies.push(pg);
  await pg.waitReady;
  return drizzle({ client: pg, schema }) as unknown as Db;
}

const verify = (database: Db, options: { quick?: boolean } = {}) =>
  verifyJournal(database, {
    publicKey: signer.publicKey,
    publicKeyText: signer.publicKeyText,
    checkpoints: outside,
    ...options,
  });

/** The chain entry that seals the last event about `subject` of `kind`. */
async function entryOf(database: Db, kind: string, subject: string): Promise<number> {
  const [row] = rowsOf<{ seq: string | number }>(
    await database.execute(sql`
      select c.seq from record_chain c join audit_events a on a.id = c.audit_id
      where a.kind = ${kind} and a.subject = ${subject} order by c.seq desc limit 1`),
  );
  return Number(row!.seq);
}

const headOf = async (database: Db) => (await chainRows(database)).length;

describe("npm run verify on a copy of a real journal", () => {
  it("verifies the untouched journal clean, every row and checkpoint held", async () => {
    const database = await copyOf(final);
    const report = await verify(database);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(await headOf(database));
    // Three sales, the shift, the cash drop.
    expect(report.rowsChecked).toBe(5);
    // The Z report's and the day's checkpoints, outside and in the journal.
    expect(outside.map((s) => s.checkpoint.kind).sort()).toEqual(["day", "z"]);
    expect(report.checkpointsHeld).toBe(4);
    expect((await verify(database, { quick: true })).problems).toEqual([]);
  });

  it("catches a changed amount, naming the entry that left the sale", async () => {
    const database = await copyOf(final);
    await database.execute(sql`update sales set amount_cents = 100 where id = ${ids.cash}::uuid`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: await entryOf(database, "sale_settled", ids.cash) });
    expect(first!.message).toMatch(/sale .* amountCents 10000 → 100/);
  });

  it("catches a changed token", async () => {
    const database = await copyOf(final);
    await database.execute(sql`
      update sales set result = '{"tokens":[{"kind":"credit","token":"99999999999999999999"}]}'::jsonb
      where id = ${ids.cash}::uuid`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: await entryOf(database, "sale_settled", ids.cash) });
    expect(first!.message).toMatch(/resultSha256/);
  });

  it("catches a changed status", async () => {
    const database = await copyOf(final);
    await database.execute(
      sql`update sales set status = 'completed' where id = ${ids.failed}::uuid`,
    );
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: await entryOf(database, "sale_settled", ids.failed) });
    expect(first!.message).toMatch(/status "failed" → "completed"/);
  });

  it("catches a changed cash drop and a changed shift count", async () => {
    const database = await copyOf(final);
    await database.execute(
      sql`update cash_movements set amount_cents = 1 where id = ${ids.drop}::uuid`,
    );
    await database.execute(
      sql`update shifts set counted_cash_cents = 1 where id = ${ids.shift}::uuid`,
    );
    const problems = (await verify(database)).problems;
    expect(problems.map((p) => p.seq)).toEqual([
      await entryOf(database, "cash_dropped", ids.drop),
      await entryOf(database, "shift_closed", ids.shift),
    ]);
  });

  it("catches a deleted sale", async () => {
    const database = await copyOf(final);
    await database.execute(sql`delete from sales where id = ${ids.card}::uuid`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: await entryOf(database, "sale_settled", ids.card) });
    expect(first!.message).toMatch(/missing from the journal/);
  });

  it("catches a deleted audit event", async () => {
    const database = await copyOf(final);
    const seq = await entryOf(database, "slip_reprinted", ids.cash);
    await database.execute(sql`
      delete from audit_events where id = (select audit_id from record_chain where seq = ${seq})`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq });
    expect(first!.message).toMatch(/deleted/);
  });

  it("catches the last entries cut off, with their events and the head row made to match", async () => {
    const database = await copyOf(final);
    const head = await headOf(database);
    const cut = head - 2;
    await database.execute(sql`
      delete from audit_events where id in (select audit_id from record_chain where seq >= ${cut})`);
    await database.execute(sql`delete from record_chain where seq >= ${cut}`);
    await database.execute(sql`delete from record_checkpoints where seq >= ${cut}`);
    await database.execute(sql`
      update record_head set seq = c.seq, hash = c.hash from record_chain c where c.seq = ${cut - 1}`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: cut });
    expect(first!.message).toMatch(/cut short or put back to an older copy/);
  });

  it("catches two entries swapped", async () => {
    const database = await copyOf(final);
    const k = 3;
    await database.execute(sql`update record_chain set seq = -1 where seq = ${k}`);
    await database.execute(sql`update record_chain set seq = ${k} where seq = ${k + 1}`);
    await database.execute(sql`update record_chain set seq = ${k + 1} where seq = -1`);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: k });
    expect(first!.message).toMatch(/does not follow entry/);
  });

  it("catches a forged entry appended to the chain, signed by another key", async () => {
    const database = await copyOf(final);
    const head = await headOf(database);
    const [last] = (await chainRows(database)).slice(-1);
    const id = await putEvent(database, "sale_resolved", ids.failed, { note: "forged" });
    // The forger writes the entry exactly as Kassa's sealer would, but cannot sign it.
    const [row] = rowsOf<{ canonical: string }>(
      await database.execute(
        sql`select ${canonicalEventSql("a")} as canonical from audit_events a where a.id = ${id}`,
      ),
    );
    const canonical = row!.canonical;
    const hash = entryHash(last!.hash, canonical);
    await database.execute(sql`
      insert into record_chain (seq, audit_id, canonical, prev_hash, hash, signature)
      values (${head + 1}, ${id}, ${canonical}, ${last!.hash}, ${hash}, ${signHash(newSigner(), hash)})`);
    // A careful forger moves the head row along too: only the signature can give it away.
    await database.execute(
      sql`update record_head set seq = ${head + 1}, hash = ${hash}, max_audit_id = ${id}`,
    );
    for (const quick of [false, true]) {
      const [first] = (await verify(database, { quick })).problems;
      expect(first).toMatchObject({ seq: head + 1 });
      expect(first!.message).toMatch(/signature/);
    }
  });

  it("catches an entry rewritten with every later hash recomputed, in full and quick runs", async () => {
    const database = await copyOf(final);
    const seq = await entryOf(database, "sale_settled", ids.cash);
    const chain = await chainRows(database);
    // Change the event and its entry, then recompute every hash from there on.
    await database.execute(sql`update audit_events set detail = jsonb_set(detail, '{to}', '"failed"')
      where id = ${chain[seq - 1]!.audit_id}`);
    let prev = chain[seq - 2]!.hash;
    for (const entry of chain.slice(seq - 1)) {
      const canonical =
        entry.seq === seq
          ? entry.canonical.replace('"to":"completed"', '"to":"failed"')
          : entry.canonical;
      const hash = entryHash(prev, canonical);
      await database.execute(sql`update record_chain set canonical = ${canonical}, prev_hash = ${prev},
        hash = ${hash} where seq = ${entry.seq}`);
      prev = hash;
    }
    for (const quick of [false, true]) {
      const [first] = (await verify(database, { quick })).problems;
      expect(first).toMatchObject({ seq });
    }
  });

  it("catches an audit event written behind Kassa's back, outside the chain", async () => {
    const database = await copyOf(final);
    const [forged] = rowsOf<{ id: string | number }>(
      await database.execute(sql`
        insert into audit_events (at, kind, subject) values (now() - interval '1 hour', 'sale_resolved', ${ids.failed})
        returning id`),
    );
    const problems = (await verify(database)).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        auditId: Number(forged!.id),
        message: expect.stringMatching(/not in the chain/),
      }),
    ]);
  });

  it("catches an older backup restored over a newer checkpoint", async () => {
    const database = await copyOf(early);
    const head = await headOf(database);
    const [first] = (await verify(database)).problems;
    expect(first).toMatchObject({ seq: head + 1 });
    expect(first!.message).toMatch(/cut short or put back to an older copy/);
    // The same copy with no checkpoints from outside to hold it to verifies: it is a true past.
    const alone = await verifyJournal(database, {
      publicKey: signer.publicKey,
      publicKeyText: signer.publicKeyText,
      checkpoints: [],
    });
    expect(alone.problems).toEqual([]);
  });

  it("refuses checkpoints signed by another key", async () => {
    const database = await copyOf(final);
    const other = newSigner();
    const report = await verifyJournal(database, {
      publicKey: other.publicKey,
      publicKeyText: other.publicKeyText,
      checkpoints: outside,
      quick: true,
    });
    expect(report.problems[0]!.message).toMatch(/signature|not signed by this key/);
  });
});

describe("a slip's code on the public check", () => {
  it("confirms a sealed slip, says when the journal no longer matches, and knows no forged code", async () => {
    const database = await copyOf(final);
    const code = slipCode(signer, ids.cash);
    const held = await checkSlip(database, signer, groupedCode(code));
    expect(held).toMatchObject({
      found: true,
      amountCents: 10_000,
      kind: "electricity",
      reference: "…0005",
      record: { state: "sealed", seq: await entryOf(database, "sale_settled", ids.cash) },
    });
    // Nothing of the result (a token) is in what the page is given.
    expect(JSON.stringify(held)).not.toContain("12345678901234567890");
    await database.execute(sql`update sales set amount_cents = 100 where id = ${ids.cash}::uuid`);
    expect(await checkSlip(database, signer, code)).toMatchObject({ record: { state: "differs" } });
    const forged = code.slice(0, 8) + (code.slice(8, 16) === "00000000" ? "11111111" : "00000000");
    expect(await checkSlip(database, signer, forged)).toEqual({ found: false, reason: "unknown" });
    expect(await checkSlip(database, newSigner(), code)).toEqual({
      found: false,
      reason: "unknown",
    });
    expect(await checkSlip(database, signer, "hello")).toEqual({
      found: false,
      reason: "not_a_code",
    });
  });
});

describe("the auditor's export", () => {
  it("verifies clean as exported, and names the entry a changed export file contradicts", async () => {
    const database = await copyOf(final);
    // The South African days the sales were made on (a run across midnight exports those days,
    // not the next).
    const [days] = rowsOf<{ first: string; last: string }>(
      await database.execute(
        sql`select to_char(min(created_at) at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as first,
          to_char(max(created_at) at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as last from sales`,
      ),
    );
    const dir = path.join(home, "export");
    const exported = await exportPeriod(database, {
      from: days!.first,
      to: days!.last,
      dir,
      publicKey: signer.publicKeyText,
    });
    expect(exported.counts).toMatchObject({ sales: 3, cashMovements: 1, closings: 1 });
    const options = {
      publicKey: signer.publicKey,
      publicKeyText: signer.publicKeyText,
      checkpoints: outside,
    };
    expect(await isExport(dir)).toBe(true);
    const clean = await verifyExport(dir, options);
    expect(clean.problems).toEqual([]);
    expect(clean.rowsChecked).toBe(5);
    expect(clean.checkpointsHeld).toBe(4);

    const file = path.join(dir, "sales.csv");
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, text.replace(",10000,", ",100,"));
    const [first] = (await verifyExport(dir, options)).problems;
    expect(first).toMatchObject({ seq: await entryOf(database, "sale_settled", ids.cash) });
    expect(first!.message).toMatch(/amount_cents 10000 → 100/);
  });
});

// The checkpoint files are plain JSON a person can read.
describe("checkpoint files", () => {
  it("are written outside the journal, one per checkpoint", () => {
    const files = fs.readdirSync(checkpointDir);
    expect(files.filter((f) => f.startsWith("db-checkpoint-"))).toHaveLength(2);
    expect(path.dirname(checkpointDir)).toBe(home);
    expect(os.tmpdir()).not.toBe(checkpointDir);
  });
});
