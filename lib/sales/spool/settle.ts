import type { Db } from "@/lib/db/open";
import { log } from "@/lib/log";
import { settleSent } from "@/lib/sales/door";
import {
  claimSpoolFiles,
  markSpoolFileTaken,
  readSpoolFile,
  spoolHasWaiting,
  type SpoolEntry,
} from "./file";

/**
 * Settles one sale from its spooled answer through the door, like its send would have: only
 * a sale still pending, or made unknown by the sweep and not yet resolved, takes it; a sale
 * settled since is left as it is. Returns whether it settled.
 */
async function settleFromSpool(database: Db, entry: SpoolEntry): Promise<boolean> {
  const settled = await settleSent(database, entry.saleId, entry.outcome, entry.rawAnswers, {
    actor: { username: "spool", role: "system" },
    detail: { from: "spool", answeredAt: entry.at },
  });
  return settled !== undefined;
}

/** The intake running in this process, if any (one per process, whichever bundle started it). */
const g = globalThis as unknown as { kassaSpoolIntake?: Promise<number> | null };

/**
 * Takes every waiting answer into the journal; the core service is never called again for
 * them. One intake at a time per process (start-up's, the timer's, the one after a sale's
 * write, the graceful stop's): a caller that comes while one runs gets that one's count.
 * Intake is idempotent (a sale settles once), so two instances taking the same file in settle
 * each sale once. Returns how many sales it settled.
 */
export function takeInSpoolFiles(database: Db, dir: string): Promise<number> {
  g.kassaSpoolIntake ??= takeInAll(database, dir).finally(() => {
    g.kassaSpoolIntake = null;
  });
  return g.kassaSpoolIntake;
}

async function takeInAll(database: Db, dir: string): Promise<number> {
  if (!spoolHasWaiting(dir)) return 0;
  let settled = 0;
  for (const file of claimSpoolFiles(dir)) {
    for (const entry of readSpoolFile(file)) {
      if (await settleFromSpool(database, entry)) settled++;
    }
    markSpoolFileTaken(file);
  }
  if (settled > 0) log().warn({ settled }, "sales settled from the spool");
  return settled;
}
