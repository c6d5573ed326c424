import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logUnexpected } from "@/lib/errors";
import { spoolHasWaiting, takeInSpoolFiles } from "@/lib/sales/spool";
import { log } from "@/lib/log";

let running: Promise<number> | null = null;

/** Takes the spool's waiting answers into the journal (lib/sales/spool/); one intake at a time per process. */
export function takeInSpool(): Promise<number> {
  running ??= (async () => {
    try {
      const settled = await takeInSpoolFiles(await db(), env().spoolDir);
      if (settled > 0) log().warn({ settled }, "sales settled from the spool");
      return settled;
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
