/**
 * `npm run soak`: a busy shop in minutes. Two Kassa instances of one production build on one
 * PostgreSQL (a temporary database behind a TCP proxy that can be cut; `--embedded`: one
 * instance on PGlite), the sandbox core service, many tills and a kiosk selling every kind
 * under a seeded schedule of faults; then the shop settles as it would (the sweep, the card
 * follower, a supervisor), and the journal is reconciled to the cent against what the core
 * service executed. Any discrepancy exits 1. `--seed N` repeats the same schedule.
 *
 *   npm run soak -- --seed 1 --sales 3000 [--tills 6] [--minutes 20] [--instances 2] [--embedded]
 *   SOAK_DIST_DIR (default .next-soak; built when it holds no build), SOAK_DATABASE_URL
 *   (default TEST_DATABASE_URL or postgresql://postgres@127.0.0.1:5432/postgres),
 *   SOAK_APP_PORT (first instance; the next ones follow), SOAK_SANDBOX_PORT, SOAK_PROXY_PORT
 *   (default: free ports), SOAK_JSON (write a Vitest-style summary there, for CI).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ACTIONS } from "../lib/actions";
import { signIn } from "../lib/kassa-client";
import { checkBooks, saDays } from "./books";
import { Soak, sleep } from "./context";
import { drawPlan, type Chaos } from "./plan";
import { reconcile } from "./reconcile";
import { printReport, writeReports } from "./report";
import { Supervisor, type SandboxTxn } from "./supervisor";
import { Till } from "./till";
import { World } from "./world";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    sales: { type: "string", default: "300" },
    tills: { type: "string", default: "4" },
    minutes: { type: "string" },
    instances: { type: "string" },
    embedded: { type: "boolean", default: false },
    "fault-rate": { type: "string", default: "0.1" },
    keep: { type: "boolean", default: false },
  },
});
const seed = Number(values.seed);
const embedded = values.embedded;
const options = {
  seed,
  sales: Number(values.sales),
  tills: Math.max(1, Number(values.tills)),
  minutes: values.minutes ? Number(values.minutes) : null,
  instances: embedded ? 1 : Math.max(1, Number(values.instances ?? 2)),
  embedded,
  faultRate: Number(values["fault-rate"]),
  timeoutMs: 2500,
};
if (embedded && values.instances && Number(values.instances) > 1)
  console.log("soak: --embedded runs one instance (PGlite is one process's journal)");
const DIST = process.env.SOAK_DIST_DIR || ".next-soak";
const started = Date.now();
const log = (line: string) =>
  console.log(`soak ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${line}`);

/** No sale started for this long: the soak has stalled and fails (a sale's own limits are minutes). */
const STALL_LIMIT_MS = 8 * 60_000;

const CASHIERS = [
  { username: "cashier", password: "cashier-demo-1", till: "Till 1" },
  { username: "cashier2", password: "cashier-demo-2", till: "Till 2" },
  { username: "trainee", password: "trainee-demo-1", till: "Till 3" },
];

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(DIST, "BUILD_ID"))) {
    log(`no production build in ${DIST}: building it (nice)`);
    // next build adds its folder's types to tsconfig.json: keep the file as it is.
    const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
    try {
      execSync("nice -n 10 npx next build", {
        stdio: "inherit",
        env: { ...process.env, NEXT_DIST_DIR: DIST },
      });
    } finally {
      fs.writeFileSync("tsconfig.json", tsconfig);
    }
  }
  const basePort = Number(process.env.SOAK_APP_PORT ?? 0);
  const world = new World({
    dist: DIST,
    instances: options.instances,
    embedded,
    seed,
    databaseUrl:
      process.env.SOAK_DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      "postgresql://postgres@127.0.0.1:5432/postgres",
    appPorts: Array.from({ length: options.instances }, (_, i) => (basePort ? basePort + i : 0)),
    sandboxPort: Number(process.env.SOAK_SANDBOX_PORT ?? 0),
    proxyPort: Number(process.env.SOAK_PROXY_PORT ?? 0),
    timeoutMs: options.timeoutMs,
    log,
  });
  const plan = drawPlan({ ...options, instances: options.instances });
  log(
    `seed ${seed}: ${plan.sales.length} sales on ${options.tills} tills, ${plan.kiosk.length} kiosk customers, ${plan.chaos.length} instance faults; ${options.instances} instance(s) on ${embedded ? "PGlite" : "PostgreSQL"}`,
  );
  let exit = 1;
  // Ctrl-C or a stop: the sandbox, the instances and the database go too.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      log(`${signal}: stopping`);
      void world.stop(values.keep).finally(() => process.exit(130));
    });
  try {
    await world.start();
    log(
      `started: ${world.instances.map((i) => i.baseUrl).join(", ")}, sandbox ${world.sandboxOrigin}`,
    );
    // Credit for a long day: the balance must never be what refuses a sale.
    await world.sandboxControl("balance", { balance: 10_000_000 });
    const startCents = await world.balanceCents();
    const soak = new Soak(world, DIST, log);
    const supervisor = new Supervisor(soak, seed);
    await supervisor.signIn();
    const tills = await openTills(soak);
    const kiosk = new Till(
      soak,
      "kiosk",
      { username: "kiosk", password: "kiosk-demo-1", till: "Kiosk 1" },
      0,
    );
    await kiosk.open().catch(() => {}); // a kiosk has no shift; signing in is enough
    log(`${tills.length} tills signed in with a shift open, and the kiosk`);

    // Traffic: each till works through its own sales in order; chaos fires as sales start.
    const deadline = options.minutes ? started + options.minutes * 60_000 : Infinity;
    const queues = tills.map((_, i) => plan.sales.filter((s) => s.till % tills.length === i));
    let next = 0;
    const chaos = runChaos(soak, plan.chaos, () => next);
    let lastSeen = -1;
    let movedAt = Date.now();
    // A soak that stops moving ends as a failure with its stall report, not when CI kills it:
    // no sale may take longer than a few minutes, whatever faults it meets.
    let stalled!: (error: Error) => void;
    const stall = new Promise<never>((_, reject) => (stalled = reject));
    const progress = setInterval(() => {
      log(`${next}/${plan.sales.length} sales started, ${soak.faults.length} faults so far`);
      if (next !== lastSeen) movedAt = Date.now();
      // No sale started since the last report: say what every till is doing.
      else
        log(
          `stalled? gate: ${soak.gate.state()}\n${[...soak.activity].map(([t, a]) => `    ${t}: ${a}`).join("\n")}`,
        );
      lastSeen = next;
      if (Date.now() - movedAt > STALL_LIMIT_MS)
        stalled(new Error(`no sale started for ${STALL_LIMIT_MS / 60_000} minutes: stalled`));
    }, 15_000);
    await Promise.race([
      stall,
      Promise.all([
        ...tills.map(async (till, i) => {
          for (const sale of queues[i]!) {
            if (Date.now() > deadline) break;
            next += 1;
            await till
              .sell(sale)
              .catch((e: unknown) => log(`${till.name} sale ${sale.n}: ${String(e)}`));
          }
          await till.closeShift(false).catch(() => {});
        }),
        (async () => {
          for (const k of plan.kiosk) {
            if (Date.now() > deadline || next >= plan.sales.length) break;
            await kiosk.kioskSale(k).catch((e: unknown) => log(`kiosk ${k.n}: ${String(e)}`));
            await sleep(Math.max(1000, 300_000 / 20)); // the kiosk's look-ups are rate-limited (20 per 5 minutes)
          }
        })(),
      ]),
    ]).finally(() => clearInterval(progress));
    await chaos.stop();
    log(`traffic done: ${soak.counts.salesTried} sales tried; settling`);

    // Settle as a shop would: the sweep and the card follower first, then the supervisor.
    const settling = await settle(soak, supervisor, tills, kiosk);
    // The day in the owner's books, as the office exports it for Sage and Xero.
    const days = saDays(started, Date.now());
    const exported = (format: string) =>
      supervisor.download(`/accounts/export?format=${format}&from=${days.from}&to=${days.to}`);
    const books = { ...days, sage: await exported("sage"), xero: await exported("xero") };
    const endCents = await world.balanceCents();
    const { transactions } = await world.sandboxControl<{ transactions: SandboxTxn[] }>(
      "transactions",
    );
    await world.stopInstances();
    const journal = await world.openJournal();
    const counted = new Map<string, number[]>(
      [...tills, kiosk].map((t) => [t.who.username, t.counted.map((c) => c.cents)]),
    );
    const result = await reconcile(journal.query, transactions, { startCents, endCents }, counted);
    const booksCheck = await checkBooks(journal.query, books);
    result.discrepancies.push(...booksCheck.discrepancies);
    log(
      `books ${days.from}..${days.to}: ${booksCheck.summary.journals} journal(s), ${booksCheck.summary.zReports} Z report(s), ${booksCheck.summary.sales} sales of ${booksCheck.summary.takingsCents}c; ${booksCheck.discrepancies.length} discrepancies`,
    );
    await journal.close();
    // The day's journal against its signed record: `npm run verify`, as an owner runs it.
    const record = world.verifyRecord();
    log(`npm run verify: ${record.output.split("\n").slice(-3).join(" / ")}`);
    const report = {
      seed,
      options: { ...options, dist: DIST },
      seconds: Math.round((Date.now() - started) / 1000),
      counts: soak.counts,
      faults: soak.faults,
      chaos: plan.chaos,
      settling,
      supervisor: Object.fromEntries(supervisor.paths),
      sales: [...soak.records.values()],
      reconciliation: result,
      books: { ...days, ...booksCheck.summary },
    };
    printReport(report);
    writeReports(report);
    exit = result.discrepancies.length === 0 && record.ok ? 0 : 1;
  } catch (error) {
    log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    log(world.tails(30));
    writeReports(null, String(error));
  } finally {
    await world.stop(values.keep);
  }
  return exit;
}

/** The tills: the demo cashiers first, then cashiers created by the supervisor, round the three counters. */
async function openTills(soak: Soak): Promise<Till[]> {
  const who = [...CASHIERS];
  if (options.tills > who.length) {
    const supervisor = await signIn(
      soak.world.instances[0]!.baseUrl,
      { username: "supervisor", password: "supervisor-demo-1", till: "Office" },
      { distDir: soak.dist },
    );
    for (let i = who.length; i < options.tills; i++) {
      const username = `soak-cashier-${i + 1}`;
      const password = `soak-cashier-pw-${i + 1}`;
      const made = await soak.call(supervisor, ACTIONS.users("createUserAction"), {
        username,
        displayName: `Soak cashier ${i + 1}`,
        role: "cashier",
        password,
        confirm: "supervisor-demo-1",
      });
      if (!made.result?.ok) throw new Error(`creating ${username}: ${made.body.slice(0, 200)}`);
      who.push({ username, password, till: `Till ${(i % 3) + 1}` });
    }
  }
  const tills = who
    .slice(0, options.tills)
    .map((w, i) => new Till(soak, `${w.till}/${w.username}`, w, i));
  for (const till of tills) await till.open();
  return tills;
}

/** Instance-wide faults, fired when the sale they are planned at starts; each logged with the sales in flight. */
function runChaos(soak: Soak, chaos: Chaos[], started: () => number) {
  let stopped = false;
  const inFlight = (instance?: number) =>
    [...soak.inFlight.entries()]
      .filter(([i]) => instance === undefined || i === instance)
      .flatMap(([, s]) => [...s]);
  const done = (async () => {
    for (const c of chaos) {
      while (!stopped && started() < c.at) await sleep(100);
      if (stopped) return;
      if (c.what === "sigkill" || c.what === "sigterm") {
        // Mid-sale: wait (a little) for a sale on the wire at that instance.
        for (let i = 0; i < 100 && inFlight(c.instance).length === 0; i++) await sleep(50);
        const hit = inFlight(c.instance);
        soak.log(
          `${c.what.toUpperCase()} instance ${c.instance} (in flight: ${hit.join(" ") || "none"})`,
        );
        soak.fault(`${c.what} of instance ${c.instance}, then restart`, hit);
        await soak.world
          .restart(c.instance, c.what === "sigkill" ? "SIGKILL" : "SIGTERM")
          .catch((e: unknown) => soak.log(`restart failed: ${String(e)}`));
        soak.log(`instance ${c.instance} is back`);
      } else if (c.what === "db_cut") {
        if (soak.world.o.embedded) {
          soak.fault(`database cut ${c.ms} ms (not applicable: embedded journal)`, []);
          continue;
        }
        const hit = inFlight();
        soak.log(`database cut for ${c.ms} ms (in flight: ${hit.join(" ") || "none"})`);
        soak.fault(`database cut ${c.ms} ms`, hit);
        await soak.world.cutDatabase(c.ms);
      } else {
        // The core service's clock 20 s before the next midnight in Africa/Johannesburg (UTC+2).
        const DAY = 86_400_000;
        const saNow = Date.now() + 2 * 3_600_000;
        const nextMidnight = Math.ceil(saNow / DAY) * DAY - 2 * 3_600_000;
        const offsetMs = nextMidnight - 20_000 - Date.now();
        await soak.world.sandboxControl("clock", { offsetMs: Math.max(0, offsetMs) });
        soak.fault(`core service clock moved to 23:59:40 SA (crosses midnight)`, inFlight());
        soak.log("core service clock moved to 20 s before midnight (SA)");
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * Wait for what the shop's own machinery settles (the sweep makes half-sent sales unknown,
 * the card follower finds late payments), with the tills asking by key as they do, then let
 * the supervisor work through the Unresolved page until it is empty.
 */
async function settle(soak: Soak, supervisor: Supervisor, tills: Till[], kiosk: Till) {
  const waitStart = Date.now();
  const byWho = new Map([...tills, kiosk].map((t) => [t.name, t]));
  // Nothing may stay pending: ask each sale the till knows by key until none is.
  for (let round = 0; ; round++) {
    const pending: string[] = [];
    for (const rec of soak.records.values()) {
      if (!rec.saleId || ["completed", "failed"].includes(rec.seen)) continue;
      const till = byWho.get(rec.who);
      const view = till ? await till.byKey(rec.key) : null;
      if (view && view !== "unreachable") rec.seen = view.status;
      if (rec.seen === "pending") pending.push(rec.n);
    }
    if (pending.length === 0) break;
    if (round % 10 === 0)
      soak.log(`waiting for ${pending.length} pending sale(s): ${pending.slice(0, 8).join(" ")}`);
    if (Date.now() - waitStart > 150_000) {
      soak.log(`still pending after 150 s: ${pending.join(" ")}`);
      break;
    }
    await sleep(3000);
  }
  const sweepWaitMs = Date.now() - waitStart;
  // Late card payments: the follower needs a few of its (shortened) minutes to see them.
  // Late card payments: the follower needs a few of its (shortened) minutes to find them.
  const lateOnes = () =>
    [...soak.records.values()].filter(
      (r) => r.notes.some((n) => /paid after/.test(n)) && !r.office?.length,
    );
  const passes: number[] = [];
  const until = Date.now() + 90_000;
  for (;;) {
    const acted = await supervisor.pass();
    passes.push(acted);
    if (acted === 0 && (lateOnes().length === 0 || Date.now() > until)) break;
    if (passes.length > 40) break;
    await sleep(3000);
  }
  // How each sale finally stands, as its till reads it.
  for (const rec of soak.records.values()) {
    if (!rec.saleId) continue;
    const view = await byWho.get(rec.who)?.byKey(rec.key);
    rec.final = view && view !== "unreachable" ? view.status : rec.seen;
  }
  const left = await supervisor.page();
  return {
    sweepWaitMs,
    supervisorPasses: passes,
    leftOnUnresolved: left.map((i) => `${i.saleId}: ${i.text.slice(0, 160)}`),
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
