import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProcess, type Proc } from "../../bench/lib/procs";
import { createDatabase, DIST, freePort, PG_URL, sandboxClient } from "./support/cluster";

/**
 * Kassa's files as another user of the shop PC finds them, with Kassa and its scripts started
 * from a shell whose umask is 022 (the usual default, which makes new files readable by all):
 * the journal's folder is Kassa's alone, backups are 0600 in a folder of Kassa's own, and the
 * start warns about a key that others can read.
 */
const ROOT = path.resolve(`.data/faults-private-${process.pid}`);
const DATA = `${ROOT}/journal`;
const KEY = `${ROOT}/action-key`;
const sandbox = sandboxClient();

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(3, "0");

/** An npm script run from a shell with umask 022, as an operator would. */
function fromShell(command: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      "sh",
      ["-c", `umask 022; exec ${command}`],
      { env: { ...process.env, DATABASE_URL: undefined, ...env }, timeout: 150_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          out: stdout + stderr,
        }),
    );
  });
}

describe("files other users of the PC could read", () => {
  let stopSandbox: () => Promise<void>;
  let app: Proc | undefined;

  beforeAll(async () => {
    fs.rmSync(ROOT, { recursive: true, force: true });
    fs.mkdirSync(ROOT, { recursive: true });
    // A key left readable by all (copied in by hand, or made before Kassa made keys private).
    fs.writeFileSync(KEY, "a-key-left-readable-by-everyone\n", { mode: 0o644 });
    fs.chmodSync(KEY, 0o644);
    stopSandbox = (await sandbox.start()).stop;
    const port = await freePort();
    const url = `http://localhost:${port}`;
    app = await startProcess({
      name: `serve.mjs :${port} (umask 022)`,
      command: "sh",
      args: ["-c", `umask 022; exec node scripts/serve.mjs -p ${port}`],
      env: {
        NODE_ENV: "production",
        NEXT_DIST_DIR: DIST,
        KASSA_DATA_DIR: DATA,
        KASSA_UPSTREAM_URL: `http://127.0.0.1:${sandbox.port}/api`,
        KASSA_PUBLIC_URL: url,
        NEXTAUTH_URL: url,
        KASSA_BACKUP_KEEP: "0",
      },
      ready: /Kassa ready in/,
    });
  });

  afterAll(async () => {
    await app?.stop();
    await stopSandbox?.();
    fs.rmSync(ROOT, { recursive: true, force: true });
  });

  it("keeps the journal's folder and the files beside it to Kassa's own user", () => {
    expect(octal(modeOf(DATA))).toBe("700");
    for (const file of [`${DATA}.lock`, `${DATA}.control`])
      expect(modeOf(file) & 0o077, `${file} is ${octal(modeOf(file))}`).toBe(0);
  });

  it("warns at start that the key is readable by others, naming it", () => {
    const warning = app!
      .output()
      .split("\n")
      .find((line) => line.includes(KEY));
    expect(warning, app!.output().slice(-3000)).toMatch(/"level":"warn"/);
    expect(warning).toMatch(/other users/);
  });

  it("writes npm run backup's file 0600 into a folder of Kassa's own (0700)", async () => {
    const made = await fromShell("npx tsx scripts/backup.ts", { KASSA_DATA_DIR: DATA });
    expect(made.code, made.out).toBe(0);
    const file = made.out.match(/Backed up the journal to (\S+) /)?.[1];
    expect(file && fs.existsSync(file), made.out).toBeTruthy();
    expect(octal(modeOf(file!))).toBe("600");
    expect(octal(modeOf(path.dirname(file!)))).toBe("700");
  });

  it.skipIf(!PG_URL)("writes a PostgreSQL dump 0600", async () => {
    const database = await createDatabase("private");
    try {
      const dir = `${ROOT}/pg-dumps`;
      fs.mkdirSync(dir, { mode: 0o755 });
      const made = await fromShell(`npx tsx scripts/backup.ts --dir ${dir}`, {
        DATABASE_URL: database.url,
      });
      expect(made.code, made.out).toBe(0);
      const [dump] = fs.readdirSync(dir).filter((name) => name.endsWith(".dump"));
      expect(dump, made.out).toBeTruthy();
      expect(octal(modeOf(path.join(dir, dump!)))).toBe("600");
    } finally {
      await database.drop();
    }
  });
});
