import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  backupFileName,
  EMBEDDED_EXT,
  listBackups,
  POSTGRES_EXT,
  pruneBackups,
  writeBackupFile,
} from "@/lib/backup/files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-backup-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("backup files", () => {
  it("are named by journal and UTC time, without a colon", () => {
    const at = new Date("2026-11-24T03:00:07.123Z");
    expect(backupFileName("kassa", at, EMBEDDED_EXT)).toBe("kassa-2026-11-24T03-00-07Z.tar.gz");
    expect(backupFileName("shop_db", at, POSTGRES_EXT)).toBe("shop_db-2026-11-24T03-00-07Z.dump");
  });

  it("are listed newest first, and pruning deletes only the journal's oldest beyond KEEP", async () => {
    const days = [1, 5, 3, 2, 4];
    for (const d of days)
      await writeBackupFile(
        dir,
        backupFileName("kassa", new Date(Date.UTC(2026, 10, d)), EMBEDDED_EXT),
        Buffer.from("x"),
      );
    const strangers = [
      "kassa2-2026-11-01T00-00-00Z.tar.gz",
      "kassa-2026-11-01T00-00-00Z.dump",
      "kassa-yesterday.tar.gz",
      "notes.txt",
    ];
    for (const f of strangers) fs.writeFileSync(path.join(dir, f), "keep");
    const listed = await listBackups(dir, "kassa", EMBEDDED_EXT);
    expect(listed.map((b) => b.at.getUTCDate())).toEqual([5, 4, 3, 2, 1]);

    const deleted = await pruneBackups(dir, "kassa", EMBEDDED_EXT, 2);
    expect(deleted.map((f) => path.basename(f)).sort()).toEqual([
      "kassa-2026-11-01T00-00-00Z.tar.gz",
      "kassa-2026-11-02T00-00-00Z.tar.gz",
      "kassa-2026-11-03T00-00-00Z.tar.gz",
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        ...strangers,
        "kassa-2026-11-04T00-00-00Z.tar.gz",
        "kassa-2026-11-05T00-00-00Z.tar.gz",
      ].sort(),
    );
    // Nothing half-written is left behind under its temporary name.
    expect(fs.readdirSync(dir).some((f) => f.endsWith(".partial"))).toBe(false);
  });

  it("of a missing folder are none", async () => {
    expect(await listBackups(path.join(dir, "absent"), "kassa", EMBEDDED_EXT)).toEqual([]);
  });
});
