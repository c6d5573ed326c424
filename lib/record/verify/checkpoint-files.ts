import fs from "node:fs/promises";
import path from "node:path";
import { parseCheckpoint } from "../checkpoint";
import type { CheckpointSource } from "./checkpoints";

/**
 * The checkpoints kept outside the journal: every `<journal>-checkpoint-*.json` in a folder
 * (the journal's own: another journal's in a shared folder are not its), or one file given by
 * name (a checkpoint copied from a share, or a Z slip's QR code saved). A file that is not a
 * checkpoint is reported, never skipped in silence.
 */
export async function readCheckpoints(
  where: string,
  journal: string,
): Promise<{ sources: CheckpointSource[]; unreadable: string[] }> {
  const stat = await fs.stat(where).catch(() => undefined);
  if (!stat) return { sources: [], unreadable: [] };
  const files = stat.isDirectory()
    ? (await fs.readdir(where))
        .filter((f) => f.startsWith(`${journal}-checkpoint-`) && f.endsWith(".json"))
        .sort()
        .map((f) => path.join(where, f))
    : [where];
  const sources: CheckpointSource[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    const parsed = parseCheckpoint(await fs.readFile(file, "utf8"));
    if (parsed.ok) sources.push({ from: file, checkpoint: parsed.checkpoint });
    else unreadable.push(`${file}: ${parsed.reason}`);
  }
  return { sources, unreadable };
}
