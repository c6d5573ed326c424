/**
 * The embedded journal's own thread (lib/db/pglite-thread.ts starts it). PGlite is PostgreSQL
 * compiled to WebAssembly: every statement runs on the thread that calls it. Here, on a
 * worker thread, it runs beside the server's JavaScript instead of in turn with it, so on a
 * machine with two cores a sale's journal statements no longer hold up the page renders and
 * actions of every other till.
 *
 * Plain JavaScript on purpose: Node loads this file as it is, outside the Next.js bundle.
 * It opens the folder (or memory), applies the migrations with drizzle's migrator, then
 * answers the messages of lib/db/pglite-thread.ts, one reply per request id:
 *   { id, op: "query", sql, params, rowMode, tx? }   → { id, result }
 *   { id, op: "exec", sql, tx? }                      → { id, result }
 *   { id, op: "begin" }                               → { id, result: txId } (the transaction is open)
 *   { id, op: "end", tx, commit }                     → { id, result } once COMMIT or ROLLBACK ran
 *   { id, op: "snapshot" }                            → { id, result: Uint8Array } (PGlite's dump, a tar)
 *   { id, op: "close" }                               → { id, result } once the folder is closed
 * A failure is { id, error: { name, message, ...fields } } with PostgreSQL's own fields (code,
 * constraint, detail ...), so a unique violation reads the same as in one thread.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/**
 * The type parsers drizzle's PGlite driver passes with every query: dates, times and
 * intervals stay text, drizzle's columns read them. Functions cannot cross threads, so the
 * worker applies them itself.
 */
const identity = (value) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, identity]),
);

/** PostgreSQL's error fields, without what cannot be copied to the other thread. */
function errorOf(error) {
  const out = { name: error?.name ?? "Error", message: String(error?.message ?? error) };
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (key === "queryOptions" || key === "params" || typeof value === "function") continue;
      out[key] = value;
    }
  }
  return out;
}

/**
 * The migrated empty journal of these migrations, made once and then copied
 * (`templateDir`, KASSA_JOURNAL_TEMPLATE_DIR: test runs that make dozens of fresh journals).
 * A fresh journal costs PostgreSQL's initdb and every migration, seconds of CPU each time; a
 * copy of the template costs the opening alone. The template is named after the migrations'
 * files and PGlite's version, so a changed migration makes a new one; the migrator still runs
 * on every opening (and finds nothing to do). Made under a temporary name and renamed, so a
 * process that opens at the same moment never copies half of one.
 */
async function template(templateDir, migrationsFolder) {
  const hash = crypto.createHash("sha256");
  const pglite = path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json");
  hash.update(fs.existsSync(pglite) ? fs.readFileSync(pglite) : "");
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).sort()) {
    const full = path.join(migrationsFolder, String(file));
    if (fs.statSync(full).isFile()) hash.update(String(file)).update(fs.readFileSync(full));
  }
  const made = path.join(templateDir, hash.digest("hex").slice(0, 16));
  if (!fs.existsSync(path.join(made, "PG_VERSION")) || !fs.existsSync(`${made}.tar`)) {
    fs.mkdirSync(templateDir, { recursive: true });
    const making = `${made}.making-${process.pid}-${crypto.randomUUID()}`;
    const maker = new PGlite(making);
    await maker.waitReady;
    await migrate(drizzle({ client: maker }), { migrationsFolder });
    await maker.exec("CHECKPOINT");
    const tar = new Uint8Array(await (await maker.dumpDataDir("none")).arrayBuffer());
    await maker.close();
    fs.writeFileSync(`${making}.tar`, tar);
    // Another process may have made it meanwhile: theirs is as good, ours goes.
    if (fs.existsSync(made)) fs.rmSync(making, { recursive: true, force: true });
    else fs.renameSync(making, made);
    fs.renameSync(`${making}.tar`, `${made}.tar`);
  }
  return made;
}

/** The journal's PGlite: the folder (or memory), from the template when one is kept and the folder is new. */
async function open({ dataDir, migrationsFolder, templateDir }) {
  if (!templateDir) return new PGlite(dataDir ?? undefined);
  const made = await template(templateDir, migrationsFolder);
  if (!dataDir) return new PGlite({ loadDataDir: new Blob([fs.readFileSync(`${made}.tar`)]) });
  if (!fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0)
    fs.cpSync(made, dataDir, { recursive: true });
  return new PGlite(dataDir);
}

const pg = await open(workerData);
await pg.waitReady;
await migrate(drizzle({ client: pg }), { migrationsFolder: workerData.migrationsFolder });

/** Open transactions by id: the PGlite transaction, and how to end it. */
const transactions = new Map();
let nextTx = 1;

class RollbackRequested extends Error {}

/** Opens a transaction and answers with its id; it stays open until "end" (COMMIT or ROLLBACK). */
function begin() {
  return new Promise((opened, failed) => {
    const txId = nextTx++;
    let finish;
    const ended = new Promise((resolve, reject) => {
      finish = (commit) => (commit ? resolve() : reject(new RollbackRequested()));
    });
    const done = pg
      .transaction(async (tx) => {
        // Runs after BEGIN, so `done` below is already set.
        transactions.set(txId, { tx, finish, done });
        opened(txId);
        await ended;
      })
      .catch((error) => {
        if (!(error instanceof RollbackRequested)) throw error;
      })
      .finally(() => transactions.delete(txId));
    done.catch(failed);
  });
}

/**
 * The folder as PGlite's own dump (`dumpDataDir`, an uncompressed tar), taken at one moment
 * between transactions. Every statement and transaction of the journal takes PGlite's
 * transaction lock (drizzle's own transactions, and `begin` above); this snapshot holds it
 * for the whole dump, so no statement runs while the files are read: the tar is the folder
 * of a PostgreSQL at rest after its last committed transaction. CHECKPOINT first writes every
 * changed page to the files, so the copy opens without replaying the WAL. Sales wait for the
 * dump (about a second on a small shop's journal); none is refused.
 */
async function snapshot() {
  let tar;
  await pg.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    // dumpDataDir takes only the query lock, which nothing else holds now.
    tar = await pg.dumpDataDir("none");
  });
  return new Uint8Array(await tar.arrayBuffer());
}

async function handle(message) {
  const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
  if (!target) throw new Error(`journal transaction ${message.tx} is not open`);
  switch (message.op) {
    case "query":
      return target.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: PARSERS,
      });
    case "exec":
      return target.exec(message.sql);
    case "begin":
      return begin();
    case "end": {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error(`journal transaction ${message.tx} is not open`);
      entry.finish(message.commit);
      await entry.done;
      return null;
    }
    case "snapshot":
      return snapshot();
    case "close":
      await pg.close();
      return null;
    default:
      throw new Error(`unknown journal request ${message.op}`);
  }
}

/** One reply; what cannot be copied to the other thread still fails its call, never the thread. */
function reply(id, payload) {
  try {
    parentPort.postMessage({ id, ...payload });
  } catch (error) {
    const failed = payload.error ?? { name: "Error", message: "journal answer could not be sent" };
    parentPort.postMessage({
      id,
      error: { name: failed.name, message: `${failed.message} (${String(error)})` },
    });
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => reply(message.id, { result }),
    (error) => reply(message.id, { error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
