import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/**
 * Start and stop the real servers the benchmark and the fault tests drive: the sandbox core
 * service and `next start` of a production build. Each runs in its own process group
 * (detached) so that a stop or a SIGKILL reaches `next start`'s next-server child too.
 */
export interface Proc {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** performance.now() when the first line matching `pattern` was printed, or undefined. */
  printedAt: (pattern: RegExp) => number | undefined;
  /** performance.now() when the ready line was printed. */
  readyAt: number;
  /** SIGTERM to the group, then SIGKILL if it lingers; resolves when it has exited. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group at once: no cleanup runs. */
  kill9: () => Promise<void>;
}

interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  ready: RegExp;
  timeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

export async function startProcess(o: StartOptions): Promise<Proc> {
  const child = spawn(o.command, o.args, {
    env: { ...process.env, ...o.env } as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let readyAt = 0;
  const lines: { at: number; text: string }[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const at = performance.now();
      for (const text of chunk.toString().split("\n")) if (text.trim()) lines.push({ at, text });
      if (!readyAt && o.ready.test(out)) {
        readyAt = performance.now();
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`${o.name} exited (${code}) before it was ready:\n${out.slice(-2000)}`)),
    );
    setTimeout(
      () =>
        reject(
          new Error(`${o.name} not ready after ${o.timeoutMs ?? 120_000} ms:\n${out.slice(-2000)}`),
        ),
      o.timeoutMs ?? 120_000,
    ).unref();
  });
  const proc: Proc = {
    child,
    output: () => out,
    printedAt: (pattern) => lines.find((l) => pattern.test(l.text))?.at,
    get readyAt() {
      return readyAt;
    },
    stop: async () => {
      signalGroup(child, "SIGTERM");
      const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
    },
    kill9: async () => {
      signalGroup(child, "SIGKILL");
      await exited(child);
    },
  };
  try {
    await ready;
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return proc;
}

export function startSandbox(port: number): Promise<Proc> {
  return startProcess({
    name: "sandbox",
    command: "npx",
    args: ["tsx", "lib/sandbox/main.ts"],
    env: { SANDBOX_PORT: String(port) },
    ready: /listening on/,
    timeoutMs: 60_000,
  });
}

export interface AppOptions {
  port: number;
  distDir: string;
  sandboxPort: number;
  /** PGlite folder (ignored when databaseUrl is set). */
  dataDir?: string;
  databaseUrl?: string;
  extraEnv?: Record<string, string>;
  /**
   * true: scripts/serve.mjs, what `npm start` runs, which opens its port once the journal is
   * open; false (default): `next start`, whose first requests wait for the journal.
   */
  serve?: boolean;
}

/** A production server of an existing build; resolves when it prints that it is ready. */
export function startApp(o: AppOptions): Promise<Proc> {
  if (!fs.existsSync(`${o.distDir}/BUILD_ID`)) {
    throw new Error(
      `No production build in ${o.distDir}: run NEXT_DIST_DIR=${o.distDir} npx next build first.`,
    );
  }
  const url = `http://localhost:${o.port}`;
  return startProcess({
    name: `next start :${o.port}`,
    command: "node",
    args: o.serve
      ? ["scripts/serve.mjs", "-p", String(o.port)]
      : ["node_modules/next/dist/bin/next", "start", "-p", String(o.port)],
    env: {
      NODE_ENV: "production",
      NEXT_DIST_DIR: o.distDir,
      KASSA_DATA_DIR: o.dataDir ?? `.data/q-${o.port}`,
      DATABASE_URL: o.databaseUrl,
      KASSA_UPSTREAM_URL: `http://127.0.0.1:${o.sandboxPort}/api`,
      KASSA_PUBLIC_URL: url,
      NEXTAUTH_URL: url,
      // No daily backup (its snapshot holds the journal for a second) unless a test asks for one.
      KASSA_BACKUP_KEEP: "0",
      ...o.extraEnv,
    },
    ready: o.serve ? /Kassa ready in/ : /Ready in/,
  });
}

/** The data folder of a fresh PGlite journal (and its lock file) removed. */
export function freshDataDir(dir: string): string {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.lock`, { force: true });
  return dir;
}

/** A TCP port free on loopback right now (the OS picks it), so that parallel runs never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
