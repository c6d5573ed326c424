/**
 * Kassa's production server: `next start`, except that it says "Ready" only when Kassa is.
 * `next start` listens and prints "Ready" before it has even read its configuration, so the
 * first requests wait while the journal opens. Here Next.js is prepared, the start-up in
 * instrumentation.ts (configuration checked, journal opened, migrated, seeded, swept) has
 * finished, and only then does the port open.
 *
 *   node scripts/serve.mjs [-p PORT] [-H HOST]      (PORT, HOSTNAME and NEXT_DIST_DIR honoured)
 */
import { createServer } from "node:http";
import next from "next";

const startedAt = performance.now();
const arg = (short, long) => {
  const at = process.argv.findIndex((a) => a === short || a === long);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const port = Number(arg("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = arg("-H", "--hostname") ?? process.env.HOSTNAME;
process.env.NODE_ENV = "production";

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

const server = createServer((req, res) => handle(req, res));
server.listen(port, hostname, () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `Kassa ready in ${seconds}s on http://${hostname ?? "localhost"}:${port} (production build, journal open)`,
  );
});
server.on("error", (error) => {
  console.error(
    error.code === "EADDRINUSE" ? `Port ${port} is in use: stop what uses it or set PORT.` : error,
  );
  process.exit(1);
});
// One stop for every signal: a terminal's Ctrl-C reaches npm, start.mjs and this server at
// once, and start.mjs passes it on again; a second signal must not kill the process before it
// has exited cleanly (its exit handlers release the journal's folder lock).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void app
      .close()
      .catch(() => {})
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  });
}
