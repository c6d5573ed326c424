/**
 * Kassa's production server: `next start`, except that it says "Ready" only when Kassa is.
 * `next start` listens and prints "Ready" before it has even read its configuration, so the
 * first requests wait while the journal opens. Here Next.js is prepared, the start-up in
 * instrumentation.ts (configuration checked, journal opened, migrated, seeded, swept) has
 * finished, and only then does the port open.
 *
 *   node scripts/serve.mjs [-p PORT] [-H HOST]      (PORT, HOSTNAME and NEXT_DIST_DIR honoured)
 *
 * SIGTERM or SIGINT stops it gracefully (see stop() below); a second signal stops it at once.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import {
  FORWARDING_HEADERS,
  PEER_HEADER,
  PEER_PROOF_HEADER,
  PEER_VIA_HEADER,
  peerProof,
} from "../lib/security/peer-proof.mjs";

const startedAt = performance.now();
// The journal, its spool, keys and backups are this user's alone, whatever the shell's umask.
process.umask(0o077);
const arg = (short, long) => {
  const at = process.argv.findIndex((a) => a === short || a === long);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const port = Number(arg("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = arg("-H", "--hostname") ?? process.env.HOSTNAME;
process.env.NODE_ENV = "production";
// The deployment id the build was made with (scripts/start.mjs notes it): pages carry it, and
// a page of an earlier build that meets another one loads the new build whole.
const deploymentNote = path.join(process.env.NEXT_DIST_DIR || ".next", "KASSA_DEPLOYMENT_ID");
if (!process.env.NEXT_DEPLOYMENT_ID && fs.existsSync(deploymentNote))
  process.env.NEXT_DEPLOYMENT_ID = fs.readFileSync(deploymentNote, "utf8").trim();

// Next.js prints a line or two while it prepares, before instrumentation.ts has made Kassa's
// logger (lib/log.ts) and routed console.* to it: hold them, and log them through it after.
const early = [];
const held = ["log", "info", "warn", "error"].map((method) => {
  const original = console[method];
  const holder = (...args) => early.push([method, args]);
  console[method] = holder;
  return { method, original, holder };
});
const replayEarly = () => {
  // Whatever still holds (nothing routed console.* yet) gets the original back first.
  for (const { method, original, holder } of held)
    if (console[method] === holder) console[method] = original;
  for (const [method, args] of early.splice(0)) console[method](...args);
};
// Stopped before the start-up finished: what was held is printed rather than lost.
process.once("exit", replayEarly);

// Made before the app loads: lib/security/client-address.ts checks every peer header with it.
const peerSecret = (globalThis.kassaPeerSecret = randomBytes(32));

const app = next({ dev: false, hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// lib/startup.ts leaves its promise here when instrumentation.ts calls it (the same process).
const globalForStartup = globalThis;
for (const waitUntil = Date.now() + 120_000; !globalForStartup.kassaStartup;) {
  if (Date.now() > waitUntil) throw new Error("Kassa's start-up (instrumentation.ts) never began");
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await globalForStartup.kassaStartup;
replayEarly();
await warmUp();

/**
 * The first request of a process pays for loading and compiling the code it runs. Pay it here,
 * on a private loopback port, before the real one opens: the sign-in page and the redirect of a
 * signed-out visitor.
 */
async function warmUp() {
  const warm = createServer((req, res) => handle(req, res));
  await new Promise((resolve) => warm.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${warm.address().port}`;
  const visits = [
    ["/login", {}],
    ["/electricity", {}],
  ];
  for (const [path, init] of visits) {
    await fetch(base + path, { redirect: "manual", ...init })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
  }
  await new Promise((resolve) => warm.close(resolve));
}

/**
 * The socket's own address, for the per-address limits (lib/security/client-address.ts), and
 * whether the request came with a proxy's forwarding header (the metrics' loopback exemption,
 * lib/security/operator-access.ts), with their proof: an HMAC under a secret of this process's
 * own, which the app reads from globalThis and no client can know. Copies the client sent are dropped first; a peer header without a
 * proof that checks (a client's, or any under plain `next start`) counts for nothing.
 * X-Forwarded-For is left as it came; Kassa reads it only from proxies it was told to trust.
 */
function withPeer(req) {
  const address = req.socket.remoteAddress ?? "";
  // Whether a proxy speaks for the client: seen here, before Next.js adds X-Forwarded-* itself.
  const via = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)
    ? "forwarded"
    : "direct";
  for (const name of [PEER_HEADER, PEER_VIA_HEADER, PEER_PROOF_HEADER]) delete req.headers[name];
  req.headers[PEER_HEADER] = address;
  req.headers[PEER_VIA_HEADER] = via;
  req.headers[PEER_PROOF_HEADER] = peerProof(peerSecret, { address, via });
  return req;
}

// lib/log.ts's logger (on globalThis once instrumentation.ts has run) and its scope: every
// line logged while a request is handled carries its id, which the answer names too.
const log = globalThis.kassaLog ?? { info: console.log, debug: () => {}, fatal: console.error };
const logScope = (globalThis.kassaLogScope ??= new AsyncLocalStorage());

function handleLogged(req, res) {
  const given = req.headers["x-request-id"];
  const requestId =
    typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  const started = performance.now();
  // The path only: a query string may carry what a cashier typed.
  const urlPath = (req.url ?? "/").split("?")[0];
  res.on("finish", () => {
    const line = {
      requestId,
      method: req.method,
      path: urlPath,
      status: res.statusCode,
      durationMs: Math.round(performance.now() - started),
      ...(req.headers["next-action"] ? { operation: "server action" } : {}),
    };
    // At debug level: a till's every request at info would drown the events (KASSA_LOG_LEVEL=debug shows them).
    log.debug(line, "request");
  });
  logScope.run({ requestId }, () => handle(withPeer(req), res));
}

// Requests being answered: a stop lets those whose request has fully arrived finish, and drops
// the rest (a client still sending its body is not a sale, and may never finish).
const requests = new Map();
const server = createServer((req, res) => {
  requests.set(req, Date.now());
  res.once("close", () => requests.delete(req));
  // While stopping, a till's kept-alive connection ends after this answer instead of idling.
  if (lifecycle().stopping) res.setHeader("connection", "close");
  return handleLogged(req, res);
});
server.listen(port, hostname, () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  log.info(`Kassa ready in ${seconds}s on ${where()} (production build, journal open)`);
});

/** Where the server really listens, as the ready line says it. */
function where() {
  const { address, family } = server.address();
  if (address === "::" || address === "0.0.0.0")
    return `every address of this PC, port ${port} (http://localhost:${port} here)`;
  return `http://${family === "IPv6" ? `[${address}]` : address}:${port}`;
}
server.on("error", (error) => {
  const message =
    error.code === "EADDRINUSE" ? `Port ${port} is in use: stop what uses it or set PORT.` : error;
  log.fatal(message);
  process.exit(1);
});

/** lib/lifecycle.ts's state (the same object every bundle of this process reads). */
function lifecycle() {
  return (globalThis.kassaLifecycle ??= { stopping: false, sales: 0, drainLimitMs: 0 });
}

/**
 * A graceful stop. Kassa stops being ready and refuses new sales (lib/lifecycle.ts), but keeps
 * answering on its port, so a till that presses Purchase now is told so instead of meeting a
 * closed port. Only admitted sales are waited for (each finishes its upstream call and settles,
 * within the longest upstream call); meanwhile idle connections are closed and requests still
 * arriving (a client dripping its body holds nothing) are dropped. Answers already being
 * written get a few seconds to leave; then the spool is taken in and the journal closed, always,
 * and the process exits: 0, or 1 when a sale was still unsettled at the bound (the next start
 * marks it for a supervisor).
 */
async function stop(signal) {
  const state = lifecycle();
  state.stopping = true;
  const limitMs = state.drainLimitMs;
  const until = Date.now() + limitMs;
  if (state.sales > 0)
    console.log(
      `kassa: ${signal}: stopping; waiting for ${state.sales} sale(s) to settle (at most ${Math.round(limitMs / 1000)} s)`,
    );
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const dropWaiting = () => {
    server.closeIdleConnections();
    // A body still on its way a while after its headers came (a slow till's Purchase arrives
    // within it) is not worth waiting for.
    for (const [req, arrivedAt] of requests)
      if (!req.complete && Date.now() - arrivedAt > SLOW_BODY_MS) req.socket.destroy();
  };
  dropWaiting();
  while (state.sales > 0 && Date.now() < until) {
    await pause();
    dropWaiting();
  }
  const settled = state.sales === 0;
  if (!settled)
    console.error(
      `kassa: ${state.sales} sale(s) still unsettled after ${Math.round(limitMs / 1000)} s: stopping now; the next start marks them for a supervisor`,
    );
  // The answers of the last sales (and of anything else already asked in full) are being
  // written: a few seconds for them to leave, never longer.
  for (const answersUntil = Date.now() + ANSWER_GRACE_MS; Date.now() < answersUntil;) {
    dropWaiting();
    if (requests.size === 0) break;
    await pause();
  }
  server.close();
  server.closeAllConnections();
  await state.finish?.().catch((error) => console.error("kassa: closing the journal:", error));
  await Promise.race([app.close().catch(() => {}), new Promise((r) => setTimeout(r, 3_000))]);
  console.log("kassa: stopped");
  process.exit(settled ? 0 : 1);
}
/** How long answers already being written may take once the sales have settled. */
const ANSWER_GRACE_MS = 5_000;
/** While stopping, a request whose body has not arrived this long after its headers is dropped. */
const SLOW_BODY_MS = 2_000;

// A terminal's Ctrl-C reaches every process of its group at once and wrappers (npm) pass it on
// again: signals within a second of the first are that one stop. A later one ends at once (exit
// handlers still release the journal's folder lock).
let firstSignalAt = 0;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (!firstSignalAt) {
      firstSignalAt = Date.now();
      void stop(signal);
    } else if (Date.now() - firstSignalAt > 1_000) {
      console.error(`kassa: second ${signal}: stopping at once`);
      process.exit(1);
    }
  });
}
