import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { takeInSpoolFiles } from "@/lib/sales/spool";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-spool-guard-"));
const folder = (name: string) => {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
// Empty folders: the intake finds nothing waiting and never reaches the journal.
const noJournal = {} as Db;

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the spool intake's one-at-a-time guard", () => {
  it("gives a caller that comes while an intake of the same folder runs that intake", async () => {
    const dir = folder("one");
    const first = takeInSpoolFiles(noJournal, dir);
    expect(takeInSpoolFiles(noJournal, dir)).toBe(first);
    await expect(first).resolves.toBe(0);
  });

  it("runs one intake per folder: another journal's folder is not answered with this one's count", async () => {
    const a = takeInSpoolFiles(noJournal, folder("a"));
    const b = takeInSpoolFiles(noJournal, folder("b"));
    expect(b).not.toBe(a);
    await Promise.all([a, b]);
  });

  it("starts a new intake once the last one ended", async () => {
    const dir = folder("again");
    const first = takeInSpoolFiles(noJournal, dir);
    await first;
    expect(takeInSpoolFiles(noJournal, dir)).not.toBe(first);
  });
});
