import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../bench/lib/kassa-client";
import { startProcess, type Proc } from "../../bench/lib/procs";
import { CASHIER, freePort, fresh } from "./support/cluster";

/**
 * The README's first command, `npm start` (scripts/start.mjs), as a newcomer runs it: nothing
 * of Kassa's configuration set, only its own ports and journal folder so that it cannot meet
 * another run. It serves the production build that `npm test` built (it must not build again),
 * with the built-in sandbox and the embedded journal, says nothing alarming while it starts,
 * signs a cashier in at a till, and Ctrl-C stops the sandbox and the server together. With the
 * sandbox (and its published demo passwords) it listens on loopback only, and says so. A SIGTERM
 * to the `npm start` process alone, as `docker stop` and some supervisors send, stops it all.
 */
const DATA = fresh(".data/faults-first-command");
const DATA_NPM = fresh(".data/faults-first-command-npm");

/** Kassa's own variables (and the test runner's NODE_ENV) removed: a fresh shell's environment. */
function freshShell(): Record<string, string | undefined> {
  // HOSTNAME too: a container's shell has it set to the container's name.
  const unset: Record<string, undefined> = {
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    HOSTNAME: undefined,
  };
  for (const name of Object.keys(process.env))
    if (/^(KASSA_|NEXTAUTH_|NEXT_|E2E_|BENCH_|TEST_DATABASE_URL$)/.test(name))
      unset[name] = undefined;
  return unset;
}

function listening(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("npm start on a fresh clone", () => {
  let proc: Proc;
  let port: number;
  let sandboxPort: number;

  beforeAll(async () => {
    port = await freePort();
    sandboxPort = await freePort();
    proc = await startProcess({
      name: "npm start",
      command: process.execPath,
      args: ["scripts/start.mjs"],
      env: {
        ...freshShell(),
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        KASSA_DATA_DIR: DATA,
      },
      // Either line ends the wait: a rebuild is a failure of its own (below).
      ready: /Kassa ready in|kassa: building/,
      timeoutMs: 150_000,
    });
  });

  afterAll(async () => {
    await proc?.stop();
    fresh(DATA);
  });

  it("serves the production build that is already there, without building again", () => {
    expect(
      proc.output(),
      "the build in .next is older than the sources: run `npx next build`, then the fault suite",
    ).not.toContain("kassa: building");
    expect(proc.output()).toMatch(
      /Kassa ready in [\d.]+s on http:\/\/127\.0\.0\.1:\d+ \(production build, journal open\)/,
    );
  });

  it("listens on loopback only, with the sandbox's demo users", async () => {
    expect(await listening(port)).toBe(true);
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    if (outside) expect(await listening(port, outside)).toBe(false);
  });

  it("serves the sign-in page, and a cashier's till after signing in", async () => {
    const base = `http://localhost:${port}`;
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Sign in");

    const cashier = await signIn(base, CASHIER);
    const till = await cashier.fetch("/till");
    expect(till.status).toBe(200);
    expect(await till.text()).toMatch(/Open a shift|Electricity/);
  });

  it("says nothing alarming while it starts (next-auth knows Kassa's address)", () => {
    const lines = proc.output().split("\n");
    expect(lines.filter((line) => /\bwarn|error\b/i.test(line) && !/^npm warn/.test(line))).toEqual(
      [],
    );
  });

  it("stops the sandbox and the server together on Ctrl-C", async () => {
    expect(await listening(sandboxPort)).toBe(true);
    process.kill(-proc.child.pid!, "SIGINT");
    await new Promise<void>((resolve) => {
      if (proc.child.exitCode !== null) resolve();
      else proc.child.once("exit", () => resolve());
    });
    expect(proc.child.exitCode).toBe(0);
    expect(await listening(port)).toBe(false);
    expect(await listening(sandboxPort)).toBe(false);
  });
});

describe("npm start under a process manager", () => {
  let proc: Proc;
  let port: number;
  let sandboxPort: number;

  beforeAll(async () => {
    port = await freePort();
    sandboxPort = await freePort();
    proc = await startProcess({
      name: "npm start",
      command: "npm",
      args: ["start"],
      env: {
        ...freshShell(),
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        KASSA_DATA_DIR: DATA_NPM,
      },
      ready: /Kassa ready in|kassa: building/,
      timeoutMs: 150_000,
    });
  });

  afterAll(async () => {
    await proc?.stop();
    fresh(DATA_NPM);
  });

  it("stops the server and the sandbox when only the npm process is sent SIGTERM", async () => {
    expect(proc.output()).not.toContain("kassa: building");
    expect(await listening(port)).toBe(true);
    expect(await listening(sandboxPort)).toBe(true);
    process.kill(proc.child.pid!, "SIGTERM");
    // Wait until nothing holds the port, the sandbox's port or the journal's lock.
    const held = async () =>
      (await listening(port)) ||
      (await listening(sandboxPort)) ||
      fs.existsSync(`${DATA_NPM}.lock`);
    for (let i = 0; i < 600 && (await held()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await listening(port)).toBe(false);
    expect(await listening(sandboxPort)).toBe(false);
    expect(fs.existsSync(`${DATA_NPM}.lock`)).toBe(false);
  });
});
