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
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";

const startedAt = performance.now();
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
 * The socket's own address, for the per-address limits (lib/security/client-address.ts): a copy
 * the client sent is dropped first, so only this server can say where a request came from.
 * X-Forwarded-For is left as it came; Kassa reads it only from proxies it was told to trust.
 */
function withPeer(req) {
  delete req.headers[PEER_HEADER];
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  return req;
}
const PEER_HEADER = "x-kassa-peer";

// lib/log.ts's logger (on globalThis once instrumentation.ts has run) and its scope: every
// line logged while a request is handled carries its id, which the answer names too.
const log = globalThis.kassaLog ?? { info: console.log, debug: () => {}, fatal: console.error };
const logScope = (globalThis.kassaLogScope ??= new AsyncLocalStorage());
const QUIET_PATHS = /^\/(_next\/|api\/health$|api\/metrics$)/;

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
    log[QUIET_PATHS.test(urlPath) ? "debug" : "info"](line, "request");
  });
  logScope.run({ requestId }, () => handle(withPeer(req), res));
}

// Requests being answered: a stop answers every one of them before the process exits.
let open = 0;
const server = createServer((req, res) => {
  open++;
  res.once("close", () => open--);
  // While stopping, a till's kept-alive connection ends after this answer instead of idling.
  if (lifecycle().stopping) res.setHeader("connection", "close");
  return handleLogged(req, res);
});
server.listen(port, hostname, () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  log.info(
    `Kassa ready in ${seconds}s on http://${hostname ?? "localhost"}:${port} (production build, journal open)`,
  );
});
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
 * closed port. Every sale already admitted finishes its upstream call and settles, and every
 * request being answered gets its answer; then the spool is taken in, the journal closed, exit 0.
 * All of it within the longest upstream call; past that, the start-up sweep handles the rest.
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
  while ((state.sales > 0 || open > 0) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (state.sales > 0 || open > 0) {
    console.error(
      `kassa: ${state.sales} sale(s) still unsettled after ${Math.round(limitMs / 1000)} s: stopping now; the next start marks them for a supervisor`,
    );
    process.exit(1);
  }
  server.close();
  server.closeAllConnections();
  await state.finish?.().catch((error) => console.error("kassa: closing the journal:", error));
  await Promise.race([app.close().catch(() => {}), new Promise((r) => setTimeout(r, 3_000))]);
  console.log("kassa: stopped");
  process.exit(0);
}

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
