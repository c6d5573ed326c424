import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { BackupRefused, type BackupResult } from "./embedded";

// No server-only guard: the server listens here, `npm run backup` asks here.

/**
 * How `npm run backup` asks a running Kassa for a backup of the embedded journal, whose folder
 * that Kassa holds (one process at a time). The server listens on a loopback port of its own,
 * never on the network, and writes `<data folder>.control` (port and a random token, readable
 * by its own user only) beside the folder's lock. Only someone on this machine who may read
 * the data folder can ask; the server takes the snapshot on the journal's thread, so sales go on.
 */
interface Control {
  pid: number;
  port: number;
  token: string;
}

const controlFile = (dataDir: string) => `${path.resolve(dataDir)}.control`;

/** Starts the loopback listener for this server's journal folder and writes the control file. */
export async function listenForBackups(
  dataDir: string,
  backUp: (dir: string | undefined) => Promise<BackupResult>,
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { error: "not found" });
    if (!authorised(req, token)) return answer(401, { error: "wrong or missing token" });
    void readJson(req)
      .then((body) => backUp(typeof body.dir === "string" ? body.dir : undefined))
      .then(
        (result) => answer(200, { ok: true, ...result }),
        (error: unknown) =>
          answer(500, { ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // Never the network: loopback only, on a port the system picks.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  server.unref();
  const control: Control = {
    pid: process.pid,
    port: (server.address() as AddressInfo).port,
    token,
  };
  const file = controlFile(dataDir);
  const partial = `${file}.${process.pid}`;
  await fs.writeFile(partial, JSON.stringify(control), { mode: 0o600 });
  await fs.rename(partial, file);
  process.once("exit", () => {
    try {
      if ((JSON.parse(readFileSync(file, "utf8")) as Control).pid === process.pid)
        rmSync(file, { force: true });
    } catch {}
  });
}

function authorised(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) throw new Error("request too large");
  }
  const value: unknown = text ? JSON.parse(text) : {};
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/**
 * Asks the Kassa process `holder`, which holds the journal folder, for a backup into `dir`
 * (its own backup folder when undefined). Refused with a message when that process takes no
 * requests (it is still starting, or it is not Kassa's server).
 */
export async function askServerToBackUp(
  dataDir: string,
  holder: number,
  dir: string | undefined,
): Promise<BackupResult> {
  const control = (await fs
    .readFile(controlFile(dataDir), "utf8")
    .then((text) => JSON.parse(text) as Control)
    .catch(() => undefined)) as Control | undefined;
  if (!control || control.pid !== holder)
    throw new BackupRefused(
      `The journal folder ${path.resolve(dataDir)} is held by process ${holder}, which takes no ` +
        `backup requests: if Kassa is starting, wait until it says it is ready and try again; ` +
        `otherwise stop that process.`,
    );
  const res = await fetch(`http://127.0.0.1:${control.port}/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
    body: JSON.stringify({ dir: dir === undefined ? undefined : path.resolve(dir) }),
  });
  const body = (await res.json()) as { ok?: boolean; error?: string } & BackupResult;
  if (!res.ok || !body.ok)
    throw new Error(`Kassa (pid ${holder}) could not make the backup: ${body.error ?? res.status}`);
  return { file: body.file, bytes: body.bytes, at: body.at };
}
