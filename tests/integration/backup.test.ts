import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownDataDir } from "./office-support";

/**
 * The server's side of backups, in this process as in a server: the loopback listener that
 * `npm run backup` asks (token required), and `lastBackup()` for the health answer, which
 * says when the last backup was written and whether the last attempt failed.
 */
const root = ownDataDir();
const backups = path.join(root, "backups");
fs.mkdirSync(backups);
process.env.KASSA_BACKUP_DIR = backups;
// No daily timer in a test: only the requests below make backups.
process.env.KASSA_BACKUP_KEEP = "0";
const { startBackups, lastBackup } = await import("@/lib/backup/server");
const { restoreEmbedded } = await import("@/lib/backup/embedded");
const { db } = await import("@/lib/db");

const controlFile = `${path.resolve(process.env.KASSA_DATA_DIR!)}.control`;
const ask = async (body: unknown, token?: string) => {
  const control = JSON.parse(fs.readFileSync(controlFile, "utf8")) as {
    port: number;
    token: string;
  };
  const res = await fetch(`http://127.0.0.1:${control.port}/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${token ?? control.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  await db();
  startBackups();
  for (let i = 0; i < 100 && !fs.existsSync(controlFile); i++)
    await new Promise((r) => setTimeout(r, 50));
  // PGlite opens cold here, slowly on a busy machine.
}, 180_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("backups made by the server", () => {
  it("answers only with the token of its control file, readable by its own user only", async () => {
    expect(fs.statSync(controlFile).mode & 0o077).toBe(0);
    expect((await ask({}, "guessed")).status).toBe(401);
    expect(lastBackup()).toBeNull();
  });

  it(
    "writes a backup on request, restorable, and says so in lastBackup()",
    { timeout: 120_000 },
    async () => {
      const made = await ask({});
      expect(made.status).toBe(200);
      const file = String(made.body.file);
      expect(path.dirname(file)).toBe(path.resolve(backups));
      expect(path.basename(file)).toMatch(/^db-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
      expect(lastBackup()).toEqual({
        at: made.body.at,
        ok: true,
        file: path.basename(file),
        lastGoodAt: made.body.at,
      });
      const restored = await restoreEmbedded(file, path.join(root, "restored"), { force: false });
      // The sandbox's demo users, seeded when the journal opened.
      expect(restored.counts.users).toBeGreaterThan(0);
    },
  );

  it(
    "keeps a failure for the health answer, with the last good backup's time",
    { timeout: 60_000 },
    async () => {
      const good = lastBackup()!;
      // A share that is not mounted: the folder named is missing, and nothing is written elsewhere.
      const share = path.join(root, "share-not-mounted", "kassa");
      const failed = await ask({ dir: share });
      expect(failed.status).toBe(500);
      expect(String(failed.body.error)).toMatch(/does not exist: create it, or mount/);
      expect(fs.existsSync(share)).toBe(false);
      const last = lastBackup()!;
      expect(last.ok).toBe(false);
      // The health answer says what kind of failure, never where: no path of this PC in it.
      expect(last.code).toBe("folder_missing");
      expect(JSON.stringify(last)).not.toContain(root);
      expect(JSON.stringify(last)).not.toContain("share-not-mounted");
      expect(last.lastGoodAt).toBe(good.lastGoodAt);
      expect(Date.parse(last.at)).toBeGreaterThanOrEqual(Date.parse(good.at));
    },
  );
});
