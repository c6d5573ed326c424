import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { acquireFolderLock, FolderInUseError } from "@/lib/db/lock";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("PGlite folder lock", () => {
  it("refuses a folder held by another live process, naming it", async () => {
    const folder = path.join(dir, "held");
    fs.mkdirSync(folder, { recursive: true });
    // A live process that is not us: our parent.
    fs.writeFileSync(`${folder}.lock`, String(process.ppid));
    await expect(acquireFolderLock(folder)).rejects.toThrow(FolderInUseError);
    await expect(acquireFolderLock(folder)).rejects.toThrow(/in use by another Kassa process/);
  });

  it("takes over a lock left by a dead process", async () => {
    const folder = path.join(dir, "stale");
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid!;
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(`${folder}.lock`, String(dead));
    const release = await acquireFolderLock(folder);
    expect(fs.readFileSync(`${folder}.lock`, "utf8")).toBe(String(process.pid));
    await release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });
});
