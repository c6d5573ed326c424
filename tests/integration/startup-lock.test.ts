import { afterAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Two Kassa processes on one PGlite folder would corrupt it silently: the second must stop
 * at start with a message, the first must keep working. Uses the real start-up code
 * (lib/startup.ts, what instrumentation.ts runs) in two real processes.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-startup-"));
const dataDir = path.join(dir, "journal");
const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
const env = { ...process.env, KASSA_DATA_DIR: dataDir };
const script = path.join(process.cwd(), "tests/integration/fixtures/start-journal.ts");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("start-up on a PGlite folder in use", () => {
  it("refuses the second process with a clear message while the first keeps its lock", async () => {
    // Its own process group, so that the kill reaches tsx's node child that holds the lock.
    let holder = 0;
    const first = spawn(tsx, [script, "hold"], { env, cwd: process.cwd(), detached: true });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = "";
        first.stdout.on("data", (chunk) => {
          out += chunk;
          if (out.includes("READY")) resolve();
        });
        first.on("exit", (code) => reject(new Error(`first process exited ${code}`)));
      });
      const second = spawnSync(tsx, [script], { env, cwd: process.cwd(), encoding: "utf8" });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/is in use by another Kassa process \(pid \d+\)/);
      expect(second.stdout).not.toContain("STARTED");
      holder = Number(fs.readFileSync(`${dataDir}.lock`, "utf8"));
      expect(() => process.kill(holder, 0)).not.toThrow();
    } finally {
      process.kill(-first.pid!, "SIGKILL");
    }
    // After the first is gone (even killed), its stale lock is taken over.
    for (let i = 0; i < 100 && isAlive(holder); i++) await new Promise((r) => setTimeout(r, 100));
    const third = spawnSync(tsx, [script], { env, cwd: process.cwd(), encoding: "utf8" });
    expect(third.stdout).toContain("STARTED");
  }, 90_000);
});

describe("start-up on a journal folder that cannot be written", () => {
  it("stops with a message naming the folder instead of serving nothing", () => {
    // A regular file where a folder should be: no folder can be made under it (root included).
    const blocker = path.join(dir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    for (const variable of ["KASSA_DATA_DIR", "KASSA_SPOOL_DIR"]) {
      const started = spawnSync(tsx, [script], {
        env: {
          ...env,
          KASSA_DATA_DIR: path.join(dir, "journal-ok"),
          [variable]: path.join(blocker, "journal"),
        },
        cwd: process.cwd(),
        encoding: "utf8",
      });
      expect(started.status, variable).toBe(1);
      expect(started.stderr).toMatch(/Kassa cannot start: it cannot write to .*not-a-folder/);
      expect(started.stdout).not.toContain("STARTED");
    }
  }, 90_000);
});
