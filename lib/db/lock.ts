import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

export class FolderInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The journal folder ${dir} is in use by another Kassa process (pid ${pid}). ` +
        `Stop that process, or set KASSA_DATA_DIR to another folder, or use DATABASE_URL for PostgreSQL.`,
    );
    this.name = "FolderInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process holding `<dir>.lock`, if any (a stale lock's dead process is not one). */
export async function folderHolder(dir: string): Promise<number | undefined> {
  const owner = Number(await fs.readFile(`${dir}.lock`, "utf8").catch(() => "0"));
  return owner > 0 && owner !== process.pid && isAlive(owner) ? owner : undefined;
}

/**
 * Take `<dir>.lock` for this process. A lock whose process is gone (a crash, SIGKILL)
 * is taken over; a live one refuses with FolderInUseError. Returns the release function.
 */
export async function acquireFolderLock(dir: string): Promise<() => Promise<void>> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await fs.open(lockPath, "wx", 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      const release = async () => {
        const owner = Number(await fs.readFile(lockPath, "utf8").catch(() => "0"));
        if (owner === process.pid) await fs.rm(lockPath, { force: true });
      };
      // A clean exit leaves no lock behind; a crash leaves a stale one, taken over above.
      // The journal's folder is its user's alone: PGlite makes its files readable by all
      // (password hashes, tokens, PINs), so the folder is what keeps other users out.
      await fs.chmod(dir, 0o700);
      process.once("exit", () => {
        try {
          if (Number(readFileSync(lockPath, "utf8")) === process.pid)
            rmSync(lockPath, { force: true });
        } catch {}
      });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await fs.readFile(lockPath, "utf8").catch(() => "0"));
      if (owner === process.pid) return async () => {};
      if (owner > 0 && isAlive(owner)) throw new FolderInUseError(dir, owner);
      // Stale lock left by a dead process.
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
