import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "@/lib/db/open";
import { exportCheckpoints } from "@/lib/record/export";
import { sealChain } from "@/lib/record/sealer";
import { verifyJournal, type CheckpointSource } from "@/lib/record/verify";
import { readCheckpoints } from "@/lib/record/verify/checkpoint-files";
import { openPostgresReadOnly } from "@/lib/record/verify/sources";
import {
  chainRows,
  newSigner,
  putEvent,
  putPeople,
  recordSale,
  settleSale,
} from "./record-support";

/**
 * The same tampering checks on PostgreSQL (when TEST_DATABASE_URL is set): a journal built and
 * sealed in a database of its own, each tampering on a copy of it (`create database … template`),
 * read as `npm run verify` reads PostgreSQL: one read-only, repeatable-read transaction.
 */
const admin = process.env.TEST_DATABASE_URL;
const signer = newSigner();
const tag = `kassa_recpg_${process.pid}_${Date.now()}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-record-pg-"));
let outside: CheckpointSource[] = [];
let saleId = "";
const made: string[] = [];

const urlOf = (name: string) => {
  const url = new URL(admin!);
  url.pathname = `/${name}`;
  return url.toString();
};
async function run(statement: string) {
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!admin)("npm run verify on a copy of a PostgreSQL journal", () => {
  beforeAll(async () => {
    await run(`create database ${tag}`);
    made.push(tag);
    const opened = await openDb({ postgresUrl: urlOf(tag) });
    try {
      const db = opened.db;
      const people = await putPeople(db);
      saleId = await recordSale(db, people, { amountCents: 12_000 });
      await settleSale(db, saleId, "completed", { receipt: "R-1" });
      await putEvent(db, "slip_reprinted", saleId);
      await putEvent(db, "shift_closed", "shift-1", { zNumber: 1 });
      await putEvent(db, "sign_out", "cashier");
      await sealChain(db, signer, { settleMs: 0 });
      await db.execute(sql`update record_head set day = '2000-01-01'`);
      await sealChain(db, signer, { settleMs: 0 });
      await exportCheckpoints(db, { dir, mayCreate: true, journal: tag });
    } finally {
      await opened.close();
    }
    outside = (await readCheckpoints(dir, tag)).sources;
  });

  afterAll(async () => {
    for (const name of made) await run(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the journal, tampered with by `tamper`, then verified read-only. */
  async function verifyCopy(
    tamper: (db: Awaited<ReturnType<typeof openDb>>["db"]) => Promise<void>,
  ) {
    const name = `${tag}_${made.length}`;
    await run(`create database ${name} template ${tag}`);
    made.push(name);
    const writable = await openDb({ postgresUrl: urlOf(name) });
    try {
      await tamper(writable.db);
    } finally {
      await writable.close();
    }
    const journal = await openPostgresReadOnly(urlOf(name));
    try {
      return await verifyJournal(journal.db, {
        publicKey: signer.publicKey,
        publicKeyText: signer.publicKeyText,
        checkpoints: outside,
      });
    } finally {
      await journal.close();
    }
  }

  it("verifies the untouched copy clean, its checkpoints held", async () => {
    const report = await verifyCopy(async () => {});
    expect(report.problems).toEqual([]);
    expect(report.rowsChecked).toBe(1);
    expect(report.checkpointsHeld).toBe(4);
  });

  it("catches a changed amount and a deleted audit event, naming their entries", async () => {
    const report = await verifyCopy(async (db) => {
      await db.execute(sql`update sales set amount_cents = 1 where id = ${saleId}::uuid`);
      await db.execute(sql`delete from audit_events where kind = 'slip_reprinted'`);
    });
    expect(report.problems.map((p) => p.seq)).toEqual([2, 3]);
    expect(report.problems[0]!.message).toMatch(/amountCents 12000 → 1/);
    expect(report.problems[1]!.message).toMatch(/deleted/);
  });

  it("catches the chain cut short behind a checkpoint kept outside", async () => {
    const report = await verifyCopy(async (db) => {
      const head = (await chainRows(db)).length;
      await db.execute(
        sql`delete from audit_events where id in (select audit_id from record_chain where seq >= ${head - 1})`,
      );
      await db.execute(sql`delete from record_chain where seq >= ${head - 1}`);
      await db.execute(sql`delete from record_checkpoints`);
      await db.execute(
        sql`update record_head set seq = c.seq, hash = c.hash from record_chain c where c.seq = ${head - 2}`,
      );
    });
    expect(report.problems[0]!.message).toMatch(/cut short or put back to an older copy/);
  });
});
