import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Journal round trips, counted where Kassa talks to its database (lib/db/open.ts wraps the
 * PGlite client and the PostgreSQL pool). A round trip is one statement sent on its own, or
 * one whole transaction (however many statements it holds); `statements` counts every
 * statement, BEGIN and COMMIT included. Counted for the whole process and, inside
 * `countRoundTrips`, for one request or one piece of work (AsyncLocalStorage), so a test can
 * assert how many round trips a vend takes and `npm run bench` can print them per vend.
 */
export interface JournalCounts {
  roundTrips: number;
  statements: number;
}

// On globalThis: `next start` loads this module more than once, and every copy must count into one place.
const globalForCounts = globalThis as unknown as {
  kassaJournalCounts?: JournalCounts;
  kassaJournalScope?: AsyncLocalStorage<JournalCounts[]>;
};
// Every open `countRoundTrips` around the current work, outermost first: a count inside another
// (a sale's, inside a test's or the bench's) counts into both.
const scope = (globalForCounts.kassaJournalScope ??= new AsyncLocalStorage<JournalCounts[]>());

function countsHere(): JournalCounts[] {
  return [processCounts(), ...(scope.getStore() ?? [])];
}

function processCounts(): JournalCounts {
  return (globalForCounts.kassaJournalCounts ??= { roundTrips: 0, statements: 0 });
}

/** Counted when a statement or a transaction leaves for the database. */
export function noteJournalTrip(kind: "roundTrip" | "statement"): void {
  for (const counts of countsHere()) {
    if (kind === "roundTrip") counts.roundTrips += 1;
    counts.statements += 1;
  }
}

/** Counted for a statement inside a transaction (its round trip was counted at BEGIN). */
export function noteStatementInTransaction(): void {
  for (const counts of countsHere()) counts.statements += 1;
}

/** This process's totals since it started (a copy). */
export function journalCounts(): JournalCounts {
  return { ...processCounts() };
}

/** Runs `work` and counts the journal round trips it (and everything it awaits) made. */
export async function countRoundTrips<T>(
  work: () => Promise<T>,
): Promise<{ result: T; counts: JournalCounts }> {
  const counts: JournalCounts = { roundTrips: 0, statements: 0 };
  const result = await scope.run([...(scope.getStore() ?? []), counts], work);
  return { result, counts };
}

/**
 * Runs `work` outside every open count: bookkeeping started by a sale (its commission) that
 * the sale neither waits for nor pays round trips for.
 */
export function outsideRoundTripCounts<T>(work: () => T): T {
  return scope.exit(work);
}
