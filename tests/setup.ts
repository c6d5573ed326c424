import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, vi } from "vitest";

// `server-only` throws outside a React Server environment; tests run the server modules directly.
vi.mock("server-only", () => ({}));

// Property tests repeat exactly in CI: .ci/run fixes FUZZ_SEED (any run can be replayed with it).
if (process.env.FUZZ_SEED) fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED) });

/**
 * A test file that points the app's journal at a temporary folder (KASSA_DATA_DIR under the
 * system's temporary directory) leaves nothing behind: the journal is closed and the folder,
 * its lock and an emptied parent folder are removed once the file's tests have run.
 */
afterAll(async () => {
  const dir = process.env.KASSA_DATA_DIR;
  if (!dir) return;
  const resolved = path.resolve(dir);
  const tmp = fs.realpathSync(os.tmpdir());
  if (!resolved.startsWith(tmp + path.sep) && !resolved.startsWith(os.tmpdir() + path.sep)) return;
  const globalForDb = globalThis as unknown as { kassaDb?: Promise<{ close(): Promise<void> }> };
  await globalForDb.kassaDb?.then((opened) => opened.close()).catch(() => {});
  globalForDb.kassaDb = undefined;
  fs.rmSync(resolved, { recursive: true, force: true });
  fs.rmSync(`${resolved}.lock`, { force: true });
  const parent = path.dirname(resolved);
  if (
    parent !== tmp &&
    parent !== os.tmpdir() &&
    fs.existsSync(parent) &&
    fs.readdirSync(parent).length === 0
  )
    fs.rmdirSync(parent);
});
