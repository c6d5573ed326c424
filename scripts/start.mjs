/**
 * `npm start`: Kassa as a shop runs it, on a fresh clone with nothing set.
 *   1. `next build` when there is no production build yet, or a source file is newer than it
 *      (so the first start takes a minute or two once; later starts take seconds);
 *   2. the sandbox core service (only while Kassa talks to the sandbox, the default);
 *   3. the production server (scripts/serve.mjs), which opens its port once the journal is open.
 * Ctrl-C stops both. `npm run dev` is the development server (compiles each page on first visit).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

function buildIsCurrent() {
  const buildId = path.join(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return false;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return SOURCES.every((s) => newest(s) <= builtAt);
}

if (!buildIsCurrent()) {
  console.log(`kassa: building the production app into ${distDir} (once; about a minute) ...`);
  const built = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 4_000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)),
  ).then(() => process.exit(code));
}
function run(name, args, env = {}) {
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`kassa: ${name} stopped (${signal ?? code}); stopping the rest`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

const upstreamIsSandbox =
  (process.env.KASSA_UPSTREAM_ENV ?? "sandbox") === "sandbox" && !process.env.KASSA_UPSTREAM_URL;
if (upstreamIsSandbox) run("sandbox", ["--import", "tsx", "lib/sandbox/main.ts"]);
const sandboxEnv = {};
if (upstreamIsSandbox) {
  if (process.env.SANDBOX_PORT)
    sandboxEnv.KASSA_UPSTREAM_URL = `http://127.0.0.1:${process.env.SANDBOX_PORT}/api`;
  // Kassa's own address, for the card checkout's return links and for next-auth (which
  // otherwise warns and assumes port 3000): this machine on PORT, unless set.
  const own = process.env.KASSA_PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  sandboxEnv.KASSA_PUBLIC_URL = own;
  sandboxEnv.NEXTAUTH_URL = process.env.NEXTAUTH_URL ?? own;
}
run("server", ["scripts/serve.mjs", ...process.argv.slice(2)], sandboxEnv);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
