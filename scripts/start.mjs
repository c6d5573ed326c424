/**
 * `npm start`: Kassa as a shop runs it, on a fresh clone with nothing set.
 *   1. `next build` when there is no production build yet, or a source file is newer than it
 *      (so the first start takes a minute or two once; later starts take seconds);
 *   2. the sandbox core service (only while Kassa talks to the sandbox, the default);
 *   3. the production server (scripts/serve.mjs), which opens its port once the journal is open.
 * `--build-only` stops after step 1 (docs/deploy.md: build a new release before switching to it).
 * Ctrl-C (or SIGTERM) stops the server gracefully (scripts/serve.mjs: sales on their way settle
 * first), then the sandbox; so does a SIGTERM to `npm start` alone (the parent going away). With
 * the sandbox (whose demo passwords are published) the server listens on this PC only (127.0.0.1)
 * unless HOSTNAME names an address. `npm run dev` is the development server (compiles each page
 * on first visit).
 *
 * Server actions are named by ids that `next build` derives from NEXT_SERVER_ACTIONS_ENCRYPTION_KEY:
 * the same key in every build keeps the ids of unchanged actions, so a till page loaded before an
 * upgrade still reaches them. Unset, the key is made once and kept beside the journal
 * (`<folder of KASSA_DATA_DIR>/action-key`); every build and server of this machine uses it.
 */
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The key, the journal, its spool and backups are this user's alone, whatever the shell's umask.
process.umask(0o077);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const distDir = process.env.NEXT_DIST_DIR || ".next";
const SOURCES = [
  "app",
  "components",
  "lib",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
];

/** The newest modification time under `entry` (a file or a folder), in ms. */
function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** The server-action key: configured, or made once and kept with Kassa's data. */
function actionKey() {
  if (process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)
    return process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  const dataDir = process.env.KASSA_DATA_DIR || ".data/kassa";
  const file = path.join(path.dirname(path.resolve(dataDir)), "action-key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const key = crypto.randomBytes(32).toString("base64");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
    console.log(`kassa: made the server-action key ${file} (keep it with the journal's backups)`);
    return key;
  }
}
/** Which key a build was made with (a hash: the key itself stays out of the build folder). */
const idOfKey = (key) => crypto.createHash("sha256").update(key).digest("hex").slice(0, 16);
const KEY_NOTE = path.join(distDir, "KASSA_ACTION_KEY_ID");

/**
 * Current: built, no source newer, and (when this script built it) with today's key. A build
 * made by a plain `next build` has no note: it is served as it is, with the key it was made
 * with (docs/deploy.md: build releases with `--build-only` to keep action ids across upgrades).
 */
function buildIsCurrent() {
  const buildId = path.join(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return false;
  const builtAt = fs.statSync(buildId).mtimeMs;
  if (!SOURCES.every((s) => newest(s) <= builtAt)) return false;
  if (!fs.existsSync(KEY_NOTE)) return true;
  const key = actionKey();
  if (fs.readFileSync(KEY_NOTE, "utf8").trim() !== idOfKey(key)) return false;
  // Served with the key it was built with.
  process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY = key;
  return true;
}

// The bench's switch compiles and answers its diagnostics (/bench): never in a shop's Kassa.
if (process.env.KASSA_BENCH_BUILD) {
  console.error("kassa: KASSA_BENCH_BUILD is for npm run bench only: unset it to start Kassa.");
  process.exit(1);
}

if (!buildIsCurrent() || process.argv.includes("--build-only")) {
  const key = actionKey();
  process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY = key;
  console.log(`kassa: building the production app into ${distDir} (once; about a minute) ...`);
  // A new deployment id per build: a page of an earlier build notices the new one and loads
  // it whole (next.config.mjs), never half old, half new. serve.mjs reads it from the build.
  const deploymentId = process.env.NEXT_DEPLOYMENT_ID || `kassa-${Date.now().toString(36)}`;
  const built = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DEPLOYMENT_ID: deploymentId },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  fs.writeFileSync(path.join(distDir, "KASSA_DEPLOYMENT_ID"), `${deploymentId}\n`);
  fs.writeFileSync(KEY_NOTE, `${idOfKey(key)}\n`);
}
// `node scripts/start.mjs --build-only`: an upgrade builds the new release while the old one sells.
if (process.argv.includes("--build-only")) process.exit(0);

const children = new Map();
let stopping = false;
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));
/**
 * The server first (it waits for sales on their way, and those may be talking to the
 * sandbox), then the sandbox; exit with the server's own code.
 */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const server = children.get("server");
  if (server) {
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited(server);
    code = server.exitCode ?? code;
  }
  for (const [name, child] of children) {
    if (name === "server") continue;
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited(child), new Promise((r) => setTimeout(r, 4_000))]);
  }
  process.exit(code);
}
function run(name, args, env = {}, own = {}) {
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
    ...own,
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`kassa: ${name} stopped (${signal ?? code}); stopping the rest`);
    void stopAll(code ?? 1);
  });
  children.set(name, child);
}
// Whatever ends this script (even an error) ends its children too.
process.once("exit", () => {
  for (const child of children.values()) if (child.exitCode === null) child.kill("SIGKILL");
});

const upstreamIsSandbox =
  (process.env.KASSA_UPSTREAM_ENV ?? "sandbox") === "sandbox" && !process.env.KASSA_UPSTREAM_URL;
// The sandbox in a process group of its own, so that a terminal's Ctrl-C leaves it answering
// the sales the server is still finishing; it stops after the server, or when this script
// ends in any way (its channel to this script closes).
if (upstreamIsSandbox)
  run(
    "sandbox",
    ["--import", "tsx", "lib/sandbox/main.ts"],
    {},
    { detached: true, stdio: ["inherit", "inherit", "inherit", "ipc"] },
  );
const sandboxEnv = {};
if (upstreamIsSandbox) {
  if (process.env.SANDBOX_PORT)
    sandboxEnv.KASSA_UPSTREAM_URL = `http://127.0.0.1:${process.env.SANDBOX_PORT}/api`;
  // Kassa's own address, for the card checkout's return links and for next-auth (which
  // otherwise warns and assumes port 3000): this machine on PORT, unless set.
  const own = process.env.KASSA_PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  sandboxEnv.KASSA_PUBLIC_URL = own;
  sandboxEnv.NEXTAUTH_URL = process.env.NEXTAUTH_URL ?? own;
  // The demo users' passwords are in the README: only this PC reaches them, unless HOSTNAME
  // says which address to listen on (HOSTNAME=0.0.0.0 for every address).
  if (!process.env.HOSTNAME) sandboxEnv.HOSTNAME = "127.0.0.1";
}
run("server", ["scripts/serve.mjs", ...process.argv.slice(2)], sandboxEnv);
// A terminal's Ctrl-C reaches this script and the server at once, and npm passes it on again:
// signals within a second of the first are one stop (serve.mjs counts the same way). A later
// one is passed to the server, which then stops at once.
let firstSignalAt = 0;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    if (!firstSignalAt) {
      firstSignalAt = Date.now();
      void stopAll(0);
    } else if (Date.now() - firstSignalAt > 1_000) children.get("server")?.kill("SIGTERM");
  });
// `npm start` runs this script through `sh -c`; a SIGTERM to npm alone (docker stop, some
// supervisors) ends npm and that shell without passing it on, and this script would be left
// running, holding the port and the journal. A parent that goes away is a stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent || firstSignalAt) return;
  firstSignalAt = Date.now();
  console.error("kassa: npm start was stopped; stopping Kassa");
  void stopAll(0);
}, 500).unref();
