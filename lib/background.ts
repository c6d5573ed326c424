import "server-only";
import { startBackups } from "./backup/server";
import { keepYesterdaysLedgerInBackground } from "./office/ledger-store";
import { startCardFollower } from "./sales/card";

/**
 * The server's own work once the journal is open (instrumentation.ts): jobs that ask the
 * core service on a schedule, so they run in the server only, never in a script or test
 * that opens the journal.
 */
export function startBackgroundWork(): void {
  // The core service only gives yesterday's ledger: keep each day's, even when nobody opens the office.
  setInterval(keepYesterdaysLedgerInBackground, 60 * 60_000).unref();
  // Card orders are followed to their end from the journal's schedule, after a restart too.
  startCardFollower();
  // The embedded journal backs itself up once a day and answers `npm run backup`.
  startBackups();
}
