import "server-only";
import { startBackups } from "./backup/server";
import { watchReadiness } from "./ops/health";
import { keepYesterdaysLedgerInBackground } from "./office/ledger-store";
import { env } from "./env";
import { startSealer } from "./record/seal-loop";
import { catchUpCommissionsNow } from "./commission/catch-up";
import { retryMail } from "./mail";
import { ownerMailTick } from "./owner-mail";
import { READING_EVERY_MS, readBalanceOnSchedule } from "./runway/readings";
import { startCardFollower } from "./sales/card";
import { every } from "./periodic";

const FIRST_READING_AFTER_MS = 30_000;

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
  // Readiness is probed in the background from now on; the start-up has just found the journal
  // open and migrated, which is where it starts.
  watchReadiness();
  // Every audit event joins the signed chain about a second after it is written (lib/record/).
  startSealer(env());
  // The float's history: the merchant balance read soon after start and on a schedule, kept
  // for the runway (the first reading says since when Kassa has records, even before any
  // sale). Not during the first half minute: a server's warm-up is its slowest time, and a
  // reading that nobody waits for must not compete with the first tills.
  setTimeout(() => void readBalanceOnSchedule().catch(() => {}), FIRST_READING_AFTER_MS).unref();
  every("balance reading", READING_EVERY_MS, readBalanceOnSchedule);
  // Commission of completed sales that missed the settle path's write (reports catch up too).
  every("commission catch-up", 5 * 60_000, catchUpCommissionsNow);
  // The owner's daily summary at its time, and alerts as they arise (each sent once).
  every("owner mail", 60_000, ownerMailTick);
  // Mail a server refused is tried again until it goes or a supervisor sees it failed.
  every("mail retry", 60_000, retryMail);
}
