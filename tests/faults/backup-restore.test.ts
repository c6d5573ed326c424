import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type Session } from "../../bench/lib/kassa-client";
import { startApp, type Proc } from "../../bench/lib/procs";
import { openDb } from "../../lib/db/open";
import {
  act,
  ACTIONS,
  CASHIER,
  cashierWithShift,
  createDatabase,
  DIST,
  freePort,
  fresh,
  PG_URL,
  purchase,
  saleByKey,
  saleOf,
  sandboxClient,
  startInstance,
  type Instance,
} from "./support/cluster";

/**
 * Backups that restore, tried as a shop's IT person would: `npm run backup` while a till
 * sells without pause, `npm run restore` into a fresh folder, Kassa started on it, and the
 * restored journal compared table by table with the source as of the snapshot. Also: restore
 * refuses a live folder, and the server's own daily backup writes a file and prunes.
 */
const ROOT = path.resolve(`.data/faults-backup-${process.pid}`);
const SOURCE = `${ROOT}/shop`;
const RESTORED = `${ROOT}/restored`;
const BACKUPS = `${ROOT}/backups`;

/** An npm script as an operator runs it (`npm run backup` is `tsx scripts/backup.ts`). */
function script(
  name: "backup" | "restore" | "check-backup",
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string; startedAt: number; endedAt: number }> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", `scripts/${name}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: undefined, ...env }, timeout: 150_000 },
      (error, stdout, stderr) => {
        console.log(`npm run ${name} ${args.join(" ")}: ${Date.now() - startedAt} ms`);
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          out: `${stdout}${stderr}`.replace(/^npm warn.*\n/gm, ""),
          startedAt,
          endedAt: Date.now(),
        });
      },
    );
  });
}

type Row = Record<string, unknown>;
type Tables = Map<string, Map<string, Row>>;

/** Every table of a journal, each as its rows by primary key (the migrations' own table too). */
async function readJournal(where: { pgliteDir: string } | { postgresUrl: string }) {
  const journal = await openDb(where);
  try {
    const rowsOf = async (query: string) =>
      ((await journal.db.execute(sql.raw(query))) as unknown as { rows: Row[] }).rows;
    const keys =
      await rowsOf(`select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
       where i.indisprimary and n.nspname = 'public' group by c.relname`);
    const tables: Tables = new Map();
    for (const { table, columns } of keys as { table: string; columns: string[] }[]) {
      const rows = await rowsOf(`select to_jsonb(t) as row from "${table}" t`);
      tables.set(
        table,
        new Map(
          rows.map(({ row }) => {
            const r = row as Row;
            return [columns.map((c) => String(r[c])).join("|"), r];
          }),
        ),
      );
    }
    const migrations = await rowsOf(
      "select hash, created_at::text from drizzle.__drizzle_migrations order by id",
    );
    return { tables, migrations };
  } finally {
    await journal.close();
  }
}

interface SoldSale {
  key: string;
  kind: "electricity" | "voucher";
  endedAt: number;
  status?: string;
}

/** One till selling without pause: electricity (tokens) and vouchers (PINs), until told to stop. */
function sellUntil(till: Session, stop: { now: boolean }, seller: number) {
  const sold: SoldSale[] = [];
  const done = (async () => {
    for (let n = 0; !stop.now; n++) {
      const key = crypto.randomUUID();
      if (n % 3 === 2) {
        const quote = await act(till, ACTIONS.vas("getVasQuoteAction"), {
          productId: "GOOGLEPLAY-100",
        });
        const token = (quote.result?.data as { token?: string } | undefined)?.token;
        // A till quotes at most 30 times a minute (lib/security/rate-limit.ts): two sellers
        // this fast reach it, and a refused quote is no sale: wait and go on.
        if (!token) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        const call = await act(till, ACTIONS.vas("purchaseVasAction"), {
          idempotencyKey: key,
          quoteToken: token,
          method: "cash",
        });
        sold.push({ key, kind: "voucher", endedAt: Date.now(), status: saleOf(call)?.status });
      } else {
        // A different amount each time (the same meter and amount again would ask "Sell
        // again?"), in cents so that a slow machine's longer run stays under the meter's limit.
        const cents = 2000 + seller * 50_000 + n;
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        const call = await purchase(till, key, "01100000007", "tshwane_prepaid", amount);
        sold.push({ key, kind: "electricity", endedAt: Date.now(), status: saleOf(call)?.status });
      }
    }
  })();
  return { sold, done };
}

const jsonOf = (row: Row | undefined) => JSON.stringify(row);

describe("npm run backup while Kassa sells, npm run restore into a fresh folder", () => {
  const sandbox = sandboxClient();
  let stopSandbox: () => Promise<void>;
  let source: Proc | undefined;
  let restored: Proc | undefined;
  let port: number;
  const stop = { now: false };

  beforeAll(async () => {
    fs.rmSync(ROOT, { recursive: true, force: true });
    fs.mkdirSync(BACKUPS, { recursive: true });
    stopSandbox = (await sandbox.start()).stop;
    // Credit for however many sales a slow machine fits in while the backup runs.
    await sandbox.post("balance", { balance: 10_000_000 });
    port = await freePort();
    // What `npm start` runs: scripts/serve.mjs.
    source = await startApp({
      port,
      distDir: DIST,
      sandboxPort: sandbox.port,
      dataDir: SOURCE,
      serve: true,
    });
  });

  afterAll(async () => {
    // A failed assertion must not leave the tills selling to servers about to stop.
    stop.now = true;
    await source?.stop();
    await restored?.stop();
    await stopSandbox?.();
    fs.rmSync(ROOT, { recursive: true, force: true });
    for (const dir of [SOURCE, RESTORED]) fresh(dir);
  });

  // Four scripts and two servers: minutes on a busy two-core machine.
  it(
    "restores a journal equal to the source at the snapshot: every sale, token, PIN, shift and audit event",
    { timeout: 480_000 },
    async () => {
      const baseUrl = `http://localhost:${port}`;
      const till = await cashierWithShift(baseUrl);
      const sellers = [sellUntil(till, stop, 0), sellUntil(till, stop, 1)];
      const soldBy = (t: number) => sellers.flatMap((s) => s.sold).filter((s) => s.endedAt <= t);
      for (let i = 0; i < 200 && soldBy(Date.now()).length < 6; i++)
        await new Promise((r) => setTimeout(r, 100));

      const backup = await script("backup", ["--dir", BACKUPS], { KASSA_DATA_DIR: SOURCE });
      expect(backup.code, backup.out).toBe(0);
      // Sales went on while the backup ran: the till was never stopped.
      const duringBackup = soldBy(backup.endedAt).length - soldBy(backup.startedAt).length;
      // A few more sales after it, which the snapshot must not hold.
      const afterBackup = soldBy(Date.now()).length;
      for (let i = 0; i < 200 && soldBy(Date.now()).length < afterBackup + 4; i++)
        await new Promise((r) => setTimeout(r, 100));

      // Restore refuses the live folder, --force or not: Kassa holds its lock.
      const file = backup.out.match(/Backed up the journal to (\S+) /)?.[1];
      expect(file && fs.existsSync(file), backup.out).toBeTruthy();

      // The backup checked beside the live Kassa, with the shop's own configuration (as
      // docs/backup.md says): a temporary folder of its own, no build, no new key, no port.
      const built = fs.statSync(`${DIST}/BUILD_ID`).mtimeMs;
      const soldBeforeCheck = soldBy(Date.now()).length;
      const checked = await script("check-backup", [file!], { KASSA_DATA_DIR: SOURCE });
      expect(checked.code, checked.out).toBe(0);
      expect(checked.out).toMatch(/\d+ sales .*\d+ users/);
      expect(checked.out).not.toMatch(/Error|failed/i);
      expect(fs.statSync(`${DIST}/BUILD_ID`).mtimeMs, "the running build untouched").toBe(built);
      expect(fs.existsSync(path.join(ROOT, "action-key")), "no key made").toBe(false);
      // The live Kassa kept selling while the check ran, and still does.
      for (let i = 0; i < 200 && soldBy(Date.now()).length < soldBeforeCheck + 2; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(soldBy(Date.now()).length).toBeGreaterThanOrEqual(soldBeforeCheck + 2);
      expect((await fetch(`${baseUrl}/login`)).status).toBe(200);
      const live = await script("restore", [file!], { KASSA_DATA_DIR: SOURCE });
      expect(live.code).not.toBe(0);
      expect(live.out).toMatch(/in use by another Kassa process/);
      const forced = await script("restore", [file!, "--force"], { KASSA_DATA_DIR: SOURCE });
      expect(forced.code).not.toBe(0);
      expect(forced.out).toMatch(/in use by another Kassa process/);

      stop.now = true;
      await Promise.all(sellers.map((s) => s.done));
      const sold = sellers.flatMap((s) => s.sold);
      expect(sold.filter((s) => s.status !== "completed")).toEqual([]);
      expect(duringBackup, "sales completed while the backup ran").toBeGreaterThan(0);
      await source!.stop();
      source = undefined;

      const restore = await script("restore", [file!], { KASSA_DATA_DIR: RESTORED });
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).toMatch(/Restored .* sales/);
      // A folder that now holds a journal is refused without --force, even with no Kassa running.
      const again = await script("restore", [file!], { KASSA_DATA_DIR: RESTORED });
      expect(again.code).not.toBe(0);
      expect(again.out).toMatch(/is not empty/);

      const src = await readJournal({ pgliteDir: SOURCE });
      const got = await readJournal({ pgliteDir: RESTORED });
      expect(got.migrations).toEqual(src.migrations);
      expect([...got.tables.keys()].sort()).toEqual([...src.tables.keys()].sort());

      // The moment of the snapshot: audit events are numbered in commit order (one journal,
      // one statement or transaction at a time), so the restored ones must be exactly the
      // source's up to the newest restored one, each unchanged.
      const srcAudit = src.tables.get("audit_events")!;
      const gotAudit = got.tables.get("audit_events")!;
      const cut = Math.max(...[...gotAudit.keys()].map(Number));
      const srcUpToCut = [...srcAudit].filter(([id]) => Number(id) <= cut);
      expect(gotAudit.size).toBe(srcUpToCut.length);
      for (const [id, row] of srcUpToCut)
        expect(jsonOf(gotAudit.get(id)), `audit ${id}`).toBe(jsonOf(row));
      expect(srcAudit.size, "the source went on after the snapshot").toBeGreaterThan(gotAudit.size);

      // Sales: each is written with its audit event in one statement, so a sale recorded
      // before the cut is restored, and restored exactly as it was then: settled before the cut
      // (tokens, PIN, receipt and all) equal to the source's row; still being sent, pending.
      const eventsOf = (...kinds: string[]) =>
        new Map(
          [...srcAudit.values()]
            .filter((e) => kinds.includes(String(e.kind)))
            .map((e) => [String(e.subject), Number(e.id)]),
        );
      const recorded = eventsOf("sale_recorded");
      const settled = eventsOf("sale_completed", "sale_failed", "sale_unknown");
      const srcSales = src.tables.get("sales")!;
      const gotSales = got.tables.get("sales")!;
      const expectedIds = [...srcSales.keys()].filter((id) => recorded.get(id)! <= cut).sort();
      expect([...gotSales.keys()].sort()).toEqual(expectedIds);
      let completed = 0;
      let tokens = 0;
      let pins = 0;
      for (const [id, row] of gotSales) {
        const before = srcSales.get(id)!;
        if ((settled.get(id) ?? Infinity) <= cut) {
          expect(jsonOf(row), `sale ${id}`).toBe(jsonOf(before));
          completed++;
          const result = (row.result ?? {}) as { tokens?: { digits?: string }[]; pin?: string };
          tokens += (result.tokens ?? []).filter((t) => t.digits).length;
          if (result.pin) pins++;
        } else {
          expect(row.status).toBe("pending");
          for (const column of ["idempotency_key", "kind", "amount_cents", "request", "created_at"])
            expect(row[column], `${column} of sale ${id}`).toEqual(before[column]);
        }
      }
      expect(completed).toBeGreaterThan(0);
      expect(tokens).toBeGreaterThan(0);
      expect(pins).toBeGreaterThan(0);
      expect(srcSales.size, "sales after the snapshot are not in it").toBeGreaterThan(
        gotSales.size,
      );

      // Every other table (users, tills, devices, sessions, shifts, quotes, settings …): each
      // restored row is the source's row, and rows only missing were made after the snapshot.
      const changedAfterCut: string[] = [];
      for (const [table, rows] of got.tables) {
        if (table === "audit_events" || table === "sales") continue;
        const srcRows = src.tables.get(table)!;
        for (const [key, row] of rows) {
          expect(srcRows.has(key), `${table} ${key} exists in the source`).toBe(true);
          if (jsonOf(row) !== jsonOf(srcRows.get(key))) changedAfterCut.push(`${table} ${key}`);
        }
      }
      // Only the limiters' counters, the session's last-seen time and the signed record's head
      // and latest state per object (the sealer chains events a second after they are written)
      // move with every sale; a shift, a user or a till never changed after the snapshot here.
      expect(
        changedAfterCut.filter(
          (t) => !/^(rate_limits|staff_sessions|record_head|record_objects) /.test(t),
        ),
        changedAfterCut.join(", "),
      ).toEqual([]);
      console.log(
        `backup: ${sold.length} sales sold, ${duringBackup} while the backup ran; snapshot holds ` +
          `${gotSales.size} of ${srcSales.size} sales (${completed} settled, ${tokens} tokens, ${pins} PINs), ` +
          `${gotAudit.size} of ${srcAudit.size} audit events, ${got.tables.get("shifts")!.size} shift(s)`,
      );

      // Kassa started on the restored folder serves the snapshot's sales to their cashier.
      const restoredPort = await freePort();
      restored = await startApp({
        port: restoredPort,
        distDir: DIST,
        sandboxPort: sandbox.port,
        dataDir: RESTORED,
        serve: true,
      });
      const cashier = await signIn(`http://localhost:${restoredPort}`, CASHIER);
      const keyOf = (id: string) => String(gotSales.get(id)!.idempotency_key);
      const [firstId] = [...gotSales.keys()].filter(
        (id) => gotSales.get(id)!.status === "completed",
      );
      expect(await saleByKey(cashier, keyOf(firstId!))).toMatchObject({
        id: firstId,
        status: "completed",
      });
      const later = sold.find(
        (s) => ![...gotSales.values()].some((r) => r.idempotency_key === s.key),
      );
      expect(later, "a sale after the snapshot").toBeTruthy();
      expect(await saleByKey(cashier, later!.key)).toBeNull();
    },
  );
});

describe("the server's daily backup", () => {
  const sandbox = sandboxClient();
  let app: Instance | undefined;
  let stopSandbox: (() => Promise<void>) | undefined;
  const DATA = fresh(`${ROOT}-daily/till`);
  const DAILY = `${ROOT}-daily/backups`;
  const TOKEN = "daily-backup-test-metrics-token";

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    fs.rmSync(`${ROOT}-daily`, { recursive: true, force: true });
  });

  it(
    "writes a backup soon after start when none is a day old, and keeps only KASSA_BACKUP_KEEP",
    { timeout: 300_000 },
    async () => {
      fs.mkdirSync(DAILY, { recursive: true });
      const day = 24 * 3600_000;
      const old = [2, 3, 4, 5, 6].map(
        (days) =>
          `till-${new Date(Date.now() - days * day)
            .toISOString()
            .replace(/\.\d{3}Z$/, "Z")
            .replaceAll(":", "-")}.tar.gz`,
      );
      for (const name of old) fs.writeFileSync(`${DAILY}/${name}`, "an older backup");
      // Another journal's backup and an operator's note are never touched.
      const others = ["shop2-2020-01-01T00-00-00Z.tar.gz", "notes.txt"];
      for (const name of others) fs.writeFileSync(`${DAILY}/${name}`, "keep me");

      stopSandbox = (await sandbox.start()).stop;
      const port = await freePort();
      app = await startInstance(port, sandbox.port, {
        dataDir: DATA,
        extraEnv: { KASSA_BACKUP_DIR: DAILY, KASSA_BACKUP_KEEP: "3", KASSA_METRICS_TOKEN: TOKEN },
      });
      const isNew = (f: string) =>
        f.startsWith("till-") && !old.includes(f) && !f.endsWith(".partial");
      for (let i = 0; i < 300 && !fs.readdirSync(DAILY).some(isNew); i++)
        await new Promise((r) => setTimeout(r, 500));
      // Pruning follows the write.
      for (let i = 0; i < 40 && fs.readdirSync(DAILY).length > 3 + others.length; i++)
        await new Promise((r) => setTimeout(r, 250));

      const files = fs.readdirSync(DAILY).sort();
      const made = files.filter(isNew);
      expect(made, `${files.join(", ")}\n${app.proc.output().slice(-1500)}`).toHaveLength(1);
      // The two newest older ones stay with it; the three oldest are gone.
      expect(files).toEqual([...others, made[0]!, old[0]!, old[1]!].sort());
      const bytes = fs.readFileSync(`${DAILY}/${made[0]}`);
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(app.proc.output()).toMatch(/journal backed up to .*till-.*\.tar\.gz/);
      expect(app.proc.output()).toMatch(/3 old backup\(s\) deleted/);
      // The health answer (its detail, for the metrics' reader) says when the last backup was
      // made and that it worked.
      const asked = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      const health = (await asked.json()) as {
        backup: { at: string; ok: boolean; file?: string; lastGoodAt: string | null } | null;
      };
      expect(health.backup).toMatchObject({ ok: true, file: made[0] });
      expect(Date.now() - Date.parse(health.backup!.lastGoodAt!)).toBeLessThan(10 * 60_000);
    },
  );
});

describe.skipIf(!PG_URL)(
  "PostgreSQL: pg_dump while Kassa sells, pg_restore into an empty database",
  () => {
    it(
      "restores every sale the dump saw, and refuses a database in use or holding a journal",
      { timeout: 480_000 },
      async () => {
        const haveTools = await new Promise<boolean>((resolve) =>
          execFile("pg_dump", ["--version"], (error) => resolve(!error)),
        );
        if (!haveTools) {
          console.warn("pg_dump is not installed: the PostgreSQL leg is skipped");
          return;
        }
        const from = await createDatabase("backup_src");
        const into = await createDatabase("backup_dst");
        const sandbox = sandboxClient();
        let stopSandbox: (() => Promise<void>) | undefined;
        let app: Instance | undefined;
        const dumps = `${ROOT}-pg`;
        fs.mkdirSync(dumps, { recursive: true });
        try {
          stopSandbox = (await sandbox.start()).stop;
          const port = await freePort();
          app = await startInstance(port, sandbox.port, { databaseUrl: from.url });
          const till = await cashierWithShift(app.baseUrl);
          const stop = { now: false };
          const seller = sellUntil(till, stop, 0);
          for (let i = 0; i < 200 && seller.sold.length < 4; i++)
            await new Promise((r) => setTimeout(r, 100));
          const backup = await script("backup", ["--dir", dumps], { DATABASE_URL: from.url });
          expect(backup.code, backup.out).toBe(0);
          const file = backup.out.match(/Backed up the journal to (\S+) /)?.[1];
          expect(file).toMatch(/\.dump$/);
          // Kassa is connected to the source: refused, --force or not.
          const busy = await script("restore", [file!, "--force"], { DATABASE_URL: from.url });
          expect(busy.code).not.toBe(0);
          expect(busy.out).toMatch(/other connection/);
          stop.now = true;
          await seller.done;

          const restore = await script("restore", [file!], { DATABASE_URL: into.url });
          expect(restore.code, restore.out).toBe(0);
          const again = await script("restore", [file!], { DATABASE_URL: into.url });
          expect(again.code).not.toBe(0);
          expect(again.out).toMatch(/already holds Kassa's journal/);

          await app.proc.stop();
          app = undefined;
          const src = await readJournal({ postgresUrl: from.url });
          const got = await readJournal({ postgresUrl: into.url });
          expect(got.migrations).toEqual(src.migrations);
          const gotSales = got.tables.get("sales")!;
          const srcSales = src.tables.get("sales")!;
          expect(gotSales.size).toBeGreaterThan(0);
          for (const [id, row] of gotSales) {
            if (row.status === "completed") expect(jsonOf(row)).toBe(jsonOf(srcSales.get(id)));
            else expect(srcSales.has(id)).toBe(true);
          }
          for (const [id, row] of got.tables.get("audit_events")!)
            expect(jsonOf(row)).toBe(jsonOf(src.tables.get("audit_events")!.get(id)));
          console.log(
            `PostgreSQL backup: ${seller.sold.length} sales sold, the dump holds ${gotSales.size} of ${srcSales.size}`,
          );
          for (const table of ["users", "tills", "shifts"])
            expect([...got.tables.get(table)!.values()].map(jsonOf).sort()).toEqual(
              [...src.tables.get(table)!.values()].map(jsonOf).sort(),
            );
        } finally {
          await app?.proc.stop();
          await stopSandbox?.();
          await from.drop();
          await into.drop();
          fs.rmSync(dumps, { recursive: true, force: true });
        }
      },
    );
  },
);
