import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logUnexpected } from "@/lib/errors";
import { spoolHasWaiting, takeInSpoolFiles } from "@/lib/sales/spool";

/** Takes the spool's waiting answers into the journal (lib/sales/spool/; one intake at a time per process). */
export async function takeInSpool(): Promise<number> {
  return takeInSpoolFiles(await db(), env().spoolDir);
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
