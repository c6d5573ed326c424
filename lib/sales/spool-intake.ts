import "server-only";
import { env } from "@/lib/env";
import { logUnexpected } from "@/lib/auth/action";
import { settleSale } from "./journal";
import { claimSpoolFiles, markSpoolFileTaken, readSpoolFile, spoolHasWaiting } from "./spool";

const SPOOL_ACTOR = { username: "spool", role: "system" };

let running: Promise<number> | null = null;

/**
 * Takes the spool's waiting answers into the journal: each sale is settled with the answer
 * the core service gave (never called again). A sale already settled is left as it is.
 * Returns how many entries were read. One intake at a time per process; intake is
 * idempotent, so two instances taking the same file in settle each sale once.
 */
export function takeInSpool(): Promise<number> {
  running ??= (async () => {
    try {
      const dir = env().spoolDir;
      if (!spoolHasWaiting(dir)) return 0;
      let taken = 0;
      for (const file of claimSpoolFiles(dir)) {
        for (const entry of readSpoolFile(file)) {
          await settleSale(
            entry.saleId,
            entry.outcome,
            entry.rawAnswers,
            { actor: SPOOL_ACTOR, kind: "sale_settled", detail: { from: "spool" } },
            { fromUnknown: true },
          );
          taken++;
        }
        markSpoolFileTaken(file);
      }
      if (taken > 0)
        console.warn(`kassa: ${taken} answer(s) taken into the journal from the spool`);
      return taken;
    } finally {
      running = null;
    }
  })();
  return running;
}

/** After a successful write: if anything waits in the spool, take it in without delaying the cashier. */
export function takeInSpoolSoon(): void {
  try {
    if (!spoolHasWaiting(env().spoolDir)) return;
  } catch {
    return;
  }
  void takeInSpool().catch((error: unknown) => logUnexpected("spool intake failed", error));
}
