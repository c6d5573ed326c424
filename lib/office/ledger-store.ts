import "server-only";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { ledgerDays } from "@/lib/db/schema";
import { fetchLedger, isUpstreamError, type Ledger } from "@/lib/upstream";
import { addDays } from "date-fns";
import { saDayBounds, saToday } from "@/lib/reports/day";

/**
 * The core service only ever gives yesterday's ledger. Kassa keeps each one it fetches
 * (on the first back-office visit of the day and on a timer), so that any past business
 * day can be reconciled from what was kept.
 */

const when = z.union([z.string(), z.null()]).transform((v) => (v ? new Date(v) : null));
const keptLedger = z.object({
  merchantId: z.string().nullable(),
  businessDate: z.string(),
  periodStart: when,
  periodEnd: when,
  generatedOn: when,
  transactionCount: z.number(),
  totalCents: z.number().int(),
  entries: z.array(
    z.object({
      orderId: z.string(),
      gatewayStatus: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      at: when,
    }),
  ),
  verificationErrors: z.array(z.string()),
});

/** Yesterday in Africa/Johannesburg, the only day the core service answers for. */
export function saYesterday(now: Date = new Date()): string {
  const { start } = saDayBounds(saToday(now));
  return saToday(addDays(start, -1));
}

export async function keepLedger(ledger: Ledger): Promise<void> {
  const database = await db();
  const stored = JSON.parse(JSON.stringify(ledger)) as unknown;
  const now = new Date();
  await database
    .insert(ledgerDays)
    .values({ day: ledger.businessDate, ledger: stored, fetchedAt: now })
    .onConflictDoUpdate({ target: ledgerDays.day, set: { ledger: stored, fetchedAt: now } });
}

export async function keptLedgerOf(
  day: string,
): Promise<{ ledger: Ledger; fetchedAt: Date } | null> {
  const database = await db();
  const [row] = await database.select().from(ledgerDays).where(eq(ledgerDays.day, day)).limit(1);
  if (!row) return null;
  const parsed = keptLedger.safeParse(row.ledger);
  return parsed.success ? { ledger: parsed.data, fetchedAt: row.fetchedAt } : null;
}

/** Business days with a kept ledger, newest first, for the day picker. */
export async function keptLedgerDays(limit = 120): Promise<string[]> {
  const database = await db();
  const rows = await database
    .select({ day: ledgerDays.day })
    .from(ledgerDays)
    .orderBy(desc(ledgerDays.day))
    .limit(limit);
  return rows.map((r) => r.day);
}

/** Fetch yesterday's ledger and keep it, unless it is already kept. Safe to call often. */
export async function keepYesterdaysLedger(now: Date = new Date()): Promise<void> {
  if (await keptLedgerOf(saYesterday(now))) return;
  await keepLedger(await fetchLedger());
}

let lastTry = 0;
/** On a back-office visit: at most one try every 10 minutes per process, never blocking the page. */
export function keepYesterdaysLedgerInBackground(): void {
  if (Date.now() - lastTry < 10 * 60_000) return;
  lastTry = Date.now();
  void keepYesterdaysLedger().catch((error: unknown) => {
    if (!isUpstreamError(error))
      console.error(
        "kassa: keeping yesterday's ledger failed",
        error instanceof Error ? error.message : "unknown",
      );
  });
}

export type LedgerSource = { from: "core service" } | { from: "kept"; fetchedAt: Date };

/**
 * The ledger of `day`: yesterday is asked of the core service afresh (and kept); when it
 * cannot answer, or for older days, the kept copy. Null when nothing was kept for that day.
 */
export async function ledgerOfDay(
  day: string,
  now: Date = new Date(),
): Promise<{ ledger: Ledger; source: LedgerSource } | null> {
  if (day === saYesterday(now)) {
    try {
      const ledger = await fetchLedger();
      await keepLedger(ledger);
      return { ledger, source: { from: "core service" } };
    } catch (error) {
      const kept = await keptLedgerOf(day);
      if (kept) return { ledger: kept.ledger, source: { from: "kept", fetchedAt: kept.fetchedAt } };
      throw error;
    }
  }
  const kept = await keptLedgerOf(day);
  return kept ? { ledger: kept.ledger, source: { from: "kept", fetchedAt: kept.fetchedAt } } : null;
}
