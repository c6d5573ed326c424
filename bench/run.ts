/**
 * `npm run bench`: Kassa's performance promises measured against a production build served
 * as `npm start` serves it (scripts/serve.mjs), the sandbox core service at zero latency and a
 * fresh journal, on ports of their own. The vend levels run on the embedded PGlite journal and,
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, again on PostgreSQL (a database of
 * their own, dropped afterwards). Writes bench/results/latest.json and prints every figure
 * beside its target.
 *
 *   npm run bench                      builds into .next-bench first
 *   npm run bench -- --no-build        reuses the build in BENCH_DIST_DIR (default .next-bench)
 *   npm run bench -- --js-only         only the JavaScript-size figures (no load, no cold start)
 *   npm run bench -- --verify-only [--entries N]   only `npm run verify` over a sealed chain of N
 *                                      entries (default 1,000,000; bench/lib/record-verify.ts)
 *   npm run bench -- --runway-only     only the float forecast's error 4 hours ahead (no server)
 *   npm run bench -- --cashier-only    only the cashier's side on a throttled Chromium
 *                                      (BENCH_DEBUG=1: the page's console, and a screenshot of a
 *                                      step that never became ready, /tmp/cashier-side-failure.png)
 *   BENCH_APP_PORT / BENCH_SANDBOX_PORT   default 3236 / 4236
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { clickToToken } from "./lib/browser-vend";
import { cashierRows, cashierSide, type CashierFigures } from "./lib/cashier-side";
import { pageJs, type PageJs } from "./lib/js-size";
import { ACTIONS } from "./lib/actions";
import { callAction, findAction, type ManifestAction, Session, signIn } from "./lib/kassa-client";
import { freshDataDir, startApp, startSandbox, type Proc } from "./lib/procs";
import { benchVerify } from "./lib/record-verify";
import { kib, machine, printTable, type Row } from "./lib/report";
import { runwayError, runwayRows } from "./lib/runway-error";
import { summarise } from "./lib/stats";
import { emptyCounts, measureLevel, METERS, vendOnce, type LevelResult } from "./lib/vend-load";

const DIST = process.env.BENCH_DIST_DIR ?? ".next-bench";
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3236);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4236);
const BASE = `http://localhost:${APP_PORT}`;
const DATA = `.data/bench-${APP_PORT}`;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const DEMO = {
  cashier: { username: "cashier", password: "cashier-demo-1", till: "Till 1" },
  supervisor: { username: "supervisor", password: "supervisor-demo-1", till: "Till 1" },
  kiosk: { username: "kiosk", password: "kiosk-demo-1", till: "Kiosk 1" },
};
const PAGES = {
  signedOut: ["/login"],
  cashier: [
    "/till",
    "/electricity",
    "/bills",
    "/fines",
    "/vas",
    "/history",
    "/care",
    "/shift/close",
  ],
  supervisor: [
    "/office",
    "/unresolved",
    "/users",
    "/balance",
    "/reconciliation",
    "/shifts",
    "/audit",
    "/meters",
  ],
  kiosk: ["/kiosk"],
};
/** Budgets (KiB gzip): the sign-in page, and every page a cashier uses at the till. */
const LOGIN_BUDGET_KIB = 150;
const TILL_BUDGET_KIB = 175;
const TILL_PAGES = new Set([...PAGES.cashier, "/slips/[id]"]);
const LEVELS = [
  { tills: 1, total: 30, maxRatio: null },
  { tills: 10, total: 100, maxRatio: 2 },
  { tills: 50, total: 250, maxRatio: 3 },
] as const;
const READY_TO_VEND_MS = 1000;
const CLICK_TO_TOKEN_MS = 300;
const ROUND_TRIPS_PER_VEND = 5;
const ROUND_TRIP_VENDS = 10;
/** The cashier's side is measured at these CPU slow-downs (the targets hold at 6×). */
const CPU_RATES = [4, 6] as const;
const CASHIER_SALES = 5;

/** The commit measured, and whether the tree had changes on top of it. */
function commit(): { sha: string; dirty: boolean } {
  const run = (cmd: string) => execSync(cmd, { encoding: "utf8" }).trim();
  try {
    return { sha: run("git rev-parse --short HEAD"), dirty: run("git status --porcelain") !== "" };
  } catch {
    return { sha: "unknown", dirty: false };
  }
}

/**
 * Untimed: shows the cashier every slip the server phases left unseen (hundreds of vends by
 * action call), as their slip pages do. A till in a shop has at most one; with them, every
 * till page would open on hundreds of "Last sale went through" notices.
 */
async function seeEverySlip(cashier: Session) {
  const shown = new Set<string>();
  for (;;) {
    const response = await cashier.fetch("/api/sales/unseen");
    const { sales } = (await response.json()) as { sales: { id: string; status: string }[] };
    const completed = sales.filter((s) => s.status === "completed");
    if (completed.length === 0) return console.log(`bench: ${shown.size} unseen slips shown first`);
    for (const sale of completed) {
      if (shown.has(sale.id)) throw new Error(`the slip of ${sale.id} stays unseen once shown`);
      shown.add(sale.id);
      const slip = await cashier.fetch(`/slips/${sale.id}`);
      await slip.arrayBuffer();
      if (slip.status !== 200) throw new Error(`/slips/${sale.id} answered ${slip.status}`);
    }
  }
}

/** The demo cashier through the page, at every CPU rate, on the server `BASE` serves. */
async function cashierFigures(cashier: Session): Promise<CashierFigures[]> {
  const device = cashier.cookies().find((c) => c.name === "kassa_device")?.value;
  if (!device) throw new Error("the cashier's session has no device cookie");
  const out: CashierFigures[] = [];
  for (const rate of CPU_RATES) {
    out.push(await cashierSide(BASE, DEMO.cashier, device, rate, CASHIER_SALES));
    console.log(`bench: cashier's side at ${rate}× CPU measured`);
  }
  return out;
}

function build() {
  if (process.argv.includes("--no-build") && fs.existsSync(`${DIST}/BUILD_ID`)) return;
  console.log(`bench: next build into ${DIST} ...`);
  execSync("npx next build", {
    stdio: ["ignore", "ignore", "inherit"],
    // KASSA_BENCH_BUILD: this build alone has /bench and its empty action (next.config.mjs).
    env: { ...process.env, NEXT_DIST_DIR: DIST, KASSA_BENCH_BUILD: "1" },
  });
}

interface Journal {
  label: "PGlite" | "PostgreSQL";
  databaseUrl?: string;
  drop: () => Promise<void>;
}

/** A fresh journal: an empty PGlite folder, or an empty PostgreSQL database of the bench's own. */
async function freshJournal(label: Journal["label"]): Promise<Journal> {
  if (label === "PGlite") {
    freshDataDir(DATA);
    return { label, drop: async () => void freshDataDir(DATA) };
  }
  const name = `kassa_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  return {
    label,
    databaseUrl: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

const app = (journal: Journal) =>
  startApp({
    port: APP_PORT,
    distDir: DIST,
    sandboxPort: SANDBOX_PORT,
    dataDir: DATA,
    databaseUrl: journal.databaseUrl,
    serve: true,
    // The merchant balance "low" on every till page: the cashier's side is measured with a
    // notice of the till's status line on screen, as a busy shop's till often shows one.
    extraEnv: { KASSA_BENCH_BUILD: "1", KASSA_LOW_BALANCE_RANDS: "1000000000" },
  });

/** Ready → first completed vend, on a journal that already has a signed-in cashier with an open shift. */
async function coldStartToVend(
  journal: Journal,
  cashier: Session,
  purchase: ManifestAction,
): Promise<{ proc: Proc; ms: number; startToReadyMs: number }> {
  const launchedAt = performance.now();
  const proc = await app(journal);
  for (;;) {
    try {
      await vendOnce(cashier, purchase, 0);
      return {
        proc,
        ms: Math.round(performance.now() - proc.readyAt),
        startToReadyMs: Math.round(proc.readyAt - launchedAt),
      };
    } catch (error) {
      if (performance.now() - proc.readyAt > 60_000) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * Journal round trips per vend, from the process's counters (lib/db/round-trips.ts) that the
 * empty action reads: `ROUND_TRIP_VENDS` vends one after another between two reads, less
 * what one empty action costs on its own.
 */
async function roundTripsPerVend(
  cashier: Session,
  purchase: ManifestAction,
  empty: ManifestAction,
) {
  const before = await emptyCounts(cashier, empty);
  for (let i = 0; i < ROUND_TRIP_VENDS; i++) await vendOnce(cashier, purchase, i);
  const after = await emptyCounts(cashier, empty);
  const again = await emptyCounts(cashier, empty);
  const per = (k: "roundTrips" | "statements") =>
    Math.round(((after[k] - before[k] - (again[k] - after[k])) / ROUND_TRIP_VENDS) * 10) / 10;
  return { roundTrips: per("roundTrips"), statements: per("statements") };
}

interface JournalRun {
  label: Journal["label"];
  coldStartToFirstVendMs: number;
  startToReadyMs: number;
  perVend: { roundTrips: number; statements: number };
  levels: LevelResult[];
}

/** Everything measured per journal; `extra` runs while the server is still up (PGlite: browser and JS). */
async function runJournal(
  label: Journal["label"],
  extra?: (who: { cashier: Session; supervisor: Session; kiosk: Session }) => Promise<void>,
): Promise<JournalRun> {
  const purchase = findAction(DIST, ACTIONS.electricity("purchaseElectricityAction"));
  const empty = findAction(DIST, ACTIONS.bench("benchEmptyAction"));
  const openShift = findAction(DIST, ACTIONS.shift("openShiftAction"));
  const confirm = findAction(DIST, ACTIONS.electricity("confirmMeterAction"));
  const journal = await freshJournal(label);
  let server: Proc | undefined;
  try {
    // A first start on a fresh journal: sign everyone in and open the cashier's shift, then stop.
    server = await app(journal);
    const cashier = await signIn(BASE, DEMO.cashier, { distDir: DIST });
    const opened = await callAction(cashier, openShift, { openingFloat: "500" });
    if (!opened.result?.ok)
      throw new Error(`could not open a shift: ${JSON.stringify(opened.result)}`);
    const supervisor = await signIn(BASE, DEMO.supervisor, { distDir: DIST });
    const kiosk = await signIn(BASE, DEMO.kiosk, { distDir: DIST });
    await server.stop();

    // The measured start: from "ready" to the first completed vend.
    const cold = await coldStartToVend(journal, cashier, purchase);
    server = cold.proc;
    console.log(
      `bench [${label}]: process start → ready ${cold.startToReadyMs} ms, ready → first vend ${cold.ms} ms`,
    );

    // A cashier confirms the meter before each purchase (the form requires it); the purchase
    // then reuses that confirm. Confirm the bench's meters once, untimed.
    for (const meter of METERS) await callAction(cashier, confirm, meter);

    const perVend = await roundTripsPerVend(cashier, purchase, empty);
    console.log(
      `bench [${label}]: ${perVend.roundTrips} journal round trips (${perVend.statements} statements) per vend`,
    );

    const levels: LevelResult[] = [];
    await measureLevel([cashier], purchase, empty, 5, 20); // warm-up, not reported
    for (const l of LEVELS) {
      levels.push(await measureLevel([cashier], purchase, empty, l.tills, l.total));
      console.log(
        `bench [${label}]: ${l.tills} till(s): vend p50 ${levels.at(-1)!.vend.p50} ms, empty p50 ${levels.at(-1)!.empty.p50} ms`,
      );
    }
    await extra?.({ cashier, supervisor, kiosk });
    return {
      label,
      coldStartToFirstVendMs: cold.ms,
      startToReadyMs: cold.startToReadyMs,
      perVend,
      levels,
    };
  } finally {
    await server?.stop();
    await journal
      .drop()
      .catch((error: unknown) =>
        console.error(`bench: could not drop the ${label} journal:`, error),
      );
  }
}

async function jsSizes(
  sessions: Record<keyof typeof PAGES, Session>,
  slip: string,
): Promise<PageJs[]> {
  const out: PageJs[] = [];
  for (const [who, pages] of Object.entries(PAGES) as [keyof typeof PAGES, string[]][]) {
    for (const page of pages) out.push(await pageJs(sessions[who], page));
  }
  out.push({ ...(await pageJs(sessions.cashier, slip)), page: "/slips/[id]" });
  return out;
}

function jsRows(js: PageJs[]): Row[] {
  return js.map((p) => {
    const target =
      p.page === "/login" ? LOGIN_BUDGET_KIB : TILL_PAGES.has(p.page) ? TILL_BUDGET_KIB : null;
    return {
      figure: `JS ${p.page} (gzip)`,
      value: `${kib(p.gzipBytes)} KiB`,
      target: target ? `<= ${target} KiB` : "info",
      met: target ? kib(p.gzipBytes) <= target : null,
    };
  });
}

function journalRows(run: JournalRun): Row[] {
  const j = `[${run.label}]`;
  const out: Row[] = [];
  out.push({
    figure: `${j} process start → ready (journal open)`,
    value: `${run.startToReadyMs} ms`,
    target: "info",
    met: null,
  });
  out.push({
    figure: `${j} ready → first completed vend`,
    value: `${run.coldStartToFirstVendMs} ms`,
    target: `<= ${READY_TO_VEND_MS} ms`,
    met: run.coldStartToFirstVendMs <= READY_TO_VEND_MS,
  });
  out.push({
    figure: `${j} journal round trips per vend`,
    value: `${run.perVend.roundTrips}`,
    target: `<= ${ROUND_TRIPS_PER_VEND}`,
    met: run.perVend.roundTrips <= ROUND_TRIPS_PER_VEND,
  });
  out.push({
    figure: `${j} statements per vend (BEGIN/COMMIT included)`,
    value: `${run.perVend.statements}`,
    target: "info",
    met: null,
  });
  for (const l of run.levels) {
    const maxRatio = LEVELS.find((x) => x.tills === l.tills)?.maxRatio ?? null;
    out.push({
      figure: `${j} vend p50 / p99, ${l.tills} till(s)`,
      value: `${l.vend.p50} / ${l.vend.p99} ms`,
      target: "info",
      met: null,
    });
    out.push({
      figure: `${j} empty action p50 / p99, ${l.tills} till(s)`,
      value: `${l.empty.p50} / ${l.empty.p99} ms`,
      target: "info",
      met: null,
    });
    out.push({
      figure: `${j} vend ÷ empty action (p50), ${l.tills} till(s)`,
      value: `${l.ratioP50}×`,
      target: maxRatio ? `<= ${maxRatio}×` : "info",
      met: maxRatio ? l.ratioP50 <= maxRatio : null,
    });
  }
  return out;
}

function clickRows(clicks: number[]): Row[] {
  const c = summarise(clicks);
  return [
    {
      figure: `browser: Purchase click → token (p50 of ${c.n})`,
      value: `${c.p50} ms`,
      target: `<= ${CLICK_TO_TOKEN_MS} ms`,
      met: c.p50 <= CLICK_TO_TOKEN_MS,
    },
    {
      figure: `browser: Purchase click → token (max of ${c.n})`,
      value: `${c.max} ms`,
      target: "info",
      met: null,
    },
  ];
}

async function slipOf(cashier: Session): Promise<string> {
  const purchase = findAction(DIST, ACTIONS.electricity("purchaseElectricityAction"));
  const sale = await callAction(cashier, purchase, {
    meterNumber: "01100000007",
    municipality: "tshwane_prepaid",
    amount: "30",
    method: "cash",
    idempotencyKey: crypto.randomUUID(),
  });
  const id = (sale.result?.data as { id?: string } | undefined)?.id;
  if (!id) throw new Error(`no slip: ${JSON.stringify(sale.result)}`);
  return `/slips/${id}`;
}

/**
 * One start for the short runs: the sandbox, a fresh PGlite journal, the server, and the demo
 * cashier signed in with a shift open; `run` gets the cashier. Writes no results file.
 */
async function withOpenShift(run: (cashier: Session) => Promise<void>) {
  build();
  const sandbox = await startSandbox(SANDBOX_PORT);
  const journal = await freshJournal("PGlite");
  let server: Proc | undefined;
  try {
    const openShift = findAction(DIST, ACTIONS.shift("openShiftAction"));
    server = await app(journal);
    const cashier = await signIn(BASE, DEMO.cashier, { distDir: DIST });
    const opened = await callAction(cashier, openShift, { openingFloat: "500" });
    if (!opened.result?.ok)
      throw new Error(`could not open a shift: ${JSON.stringify(opened.result)}`);
    await run(cashier);
  } finally {
    await server?.stop();
    await sandbox.stop();
    await journal.drop();
  }
}

/** `--js-only`: everyone signed in, one cash vend for a slip, then the page sizes. */
const jsOnly = () =>
  withOpenShift(async (cashier) => {
    const sessions = {
      signedOut: new Session(BASE),
      cashier,
      supervisor: await signIn(BASE, DEMO.supervisor, { distDir: DIST }),
      kiosk: await signIn(BASE, DEMO.kiosk, { distDir: DIST }),
    };
    printTable(jsRows(await jsSizes(sessions, await slipOf(cashier))));
  });

/** `--cashier-only`: the throttled browser figures. */
const cashierOnly = () =>
  withOpenShift(async (cashier) => {
    const figures = await cashierFigures(cashier);
    console.log(JSON.stringify(figures));
    printTable(figures.flatMap(cashierRows));
  });

/** `--verify-only`: the record's verifier over a million sealed entries (or `--entries N`). */
async function verifyOnly() {
  const at = process.argv.indexOf("--entries");
  const entries = at > 0 ? Number(process.argv[at + 1]) : 1_000_000;
  printTable(await benchVerify(entries, `.data/bench-verify-${APP_PORT}/kassa`));
}

async function main() {
  if (process.argv.includes("--verify-only")) return verifyOnly();
  if (process.argv.includes("--js-only")) return jsOnly();
  if (process.argv.includes("--cashier-only")) return cashierOnly();
  if (process.argv.includes("--runway-only")) return printTable(runwayRows(runwayError()));
  const startedAt = new Date().toISOString();
  const host = machine();
  const measured = commit();
  build();
  const sandbox = await startSandbox(SANDBOX_PORT);
  try {
    // Enough merchant credit for every vend of the run.
    await fetch(`http://127.0.0.1:${SANDBOX_PORT}/__sandbox/balance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ balance: 100_000_000 }),
    });

    let js: PageJs[] = [];
    let clicks: number[] = [];
    let throttled: CashierFigures[] = [];
    const runs: JournalRun[] = [];
    runs.push(
      await runJournal("PGlite", async ({ cashier, supervisor }) => {
        clicks = (await clickToToken(cashier, 6)).slice(1); // the first run loads the slip's code: warm-up
        await seeEverySlip(cashier);
        throttled = await cashierFigures(cashier);
        // The kiosk's session ends after two idle minutes, far less than the run so far: anew.
        const kiosk = await signIn(BASE, DEMO.kiosk, { distDir: DIST });
        js = await jsSizes(
          { signedOut: new Session(BASE), cashier, supervisor, kiosk },
          await slipOf(cashier),
        );
      }),
    );
    if (POSTGRES_URL) runs.push(await runJournal("PostgreSQL"));
    else console.log("bench: no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured");

    const runway = runwayError();
    const table = [
      ...jsRows(js),
      ...runs.flatMap(journalRows),
      ...clickRows(clicks),
      ...throttled.flatMap(cashierRows),
      ...runwayRows(runway),
    ];
    const result = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: host,
      commit: measured,
      build: { distDir: DIST, buildId: fs.readFileSync(`${DIST}/BUILD_ID`, "utf8").trim() },
      setup:
        "scripts/serve.mjs (the production server npm start runs) + sandbox at zero latency; PGlite journal, then PostgreSQL when a URL is set; every till is the demo cashier's session (Till 1) with distinct idempotency keys",
      js,
      journals: runs,
      browserClickToTokenMs: clicks,
      cashierSide: throttled,
      runwayForecast: runway,
      table,
    };
    fs.mkdirSync(path.join("bench", "results"), { recursive: true });
    fs.writeFileSync(
      path.join("bench", "results", "latest.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(
      `\nKassa benchmark of ${measured.sha}${measured.dirty ? " (with uncommitted changes)" : ""} — ${host.nproc} CPUs, ${host.memory}, node ${host.node}, load ${host.loadAverageAtStart.join(" ")}\n`,
    );
    printTable(table);
    const missed = table.filter((r) => r.met === false).length;
    console.log(
      `\n${missed === 0 ? "every target met" : `${missed} target(s) missed`}; written to bench/results/latest.json`,
    );
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
