import type { Db } from "@/lib/db/open";
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
 * Takes every waiting answer into the journal; the core service is never called again for
 * them. Intake is idempotent (a sale settles once), so two instances taking the same file in
 * settle each sale once. Returns how many sales it settled.
 */
export async function takeInSpoolFiles(database: Db, dir: string): Promise<number> {
  if (!spoolHasWaiting(dir)) return 0;
  let settled = 0;
  for (const file of claimSpoolFiles(dir)) {
    for (const entry of readSpoolFile(file)) {
      if (await settleFromSpool(database, entry)) settled++;
    }
    markSpoolFileTaken(file);
  }
  return settled;
}
