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

/**
 * The intake running in this process per spool folder (whichever bundle started it): a test
 * process that opens two journals, each with its own folder, runs one intake for each.
 */
const g = globalThis as unknown as { kassaSpoolIntake?: Map<string, Promise<number>> };

/**
 * Takes every waiting answer into the journal; the core service is never called again for
 * them. One intake at a time per process and folder (start-up's, the timer's, the one after a sale's
 * write, the graceful stop's): a caller that comes while one runs gets that one's count.
 * Intake is idempotent (a sale settles once), so two instances taking the same file in settle
 * each sale once. Returns how many sales it settled.
 */
export function takeInSpoolFiles(database: Db, dir: string): Promise<number> {
  const running = (g.kassaSpoolIntake ??= new Map());
  let intake = running.get(dir);
  if (!intake) {
    intake = takeInAll(database, dir).finally(() => running.delete(dir));
    running.set(dir, intake);
  }
  return intake;
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
