import "server-only";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { ledgerDays, type RawAnswer } from "@/lib/db/schema";
import { fetchLedger, isUpstreamError, type Ledger, type UpstreamError } from "@/lib/upstream";
import { addDays } from "date-fns";
import { isSaDay, saDayBounds, saToday } from "@/lib/reports/day";
import { audit } from "@/lib/audit";
import { log } from "@/lib/log";

/**
 * The core service only ever gives yesterday's ledger. Kassa keeps each one it fetches
 * (on the first back-office visit of the day and on a timer), so that any past business
 * day can be reconciled from what was kept.
 */

const when = z.union([z.string(), z.null()]).transform((v) => (v ? new Date(v) : null));
const keptLedger = z.object({
  merchantId: z.string().nullable(),
  businessDate: z.string().refine(isSaDay, "not a business day"),
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

/** Keeps a ledger under its business day; one that does not read back as a ledger is refused, never kept. */
export async function keepLedger(ledger: Ledger): Promise<void> {
  const database = await db();
  const stored = JSON.parse(JSON.stringify(ledger)) as unknown;
  const checked = keptLedger.safeParse(stored);
  if (!checked.success)
    throw new Error(`ledger not kept: ${checked.error.issues[0]?.path.join(".") ?? "unreadable"}`);
  const now = new Date();
  await database
    .insert(ledgerDays)
    .values({ day: checked.data.businessDate, ledger: stored, fetchedAt: now })
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
  // A row some earlier version kept under a date that is not one is never offered.
  return rows.map((r) => r.day).filter(isSaDay);
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
    if (!isUpstreamError(error)) log().error({ err: error }, "keeping yesterday's ledger failed");
  });
}

export type LedgerSource = { from: "core service" } | { from: "kept"; fetchedAt: Date };

/** Why the core service's ledger could not be used just now, with its answer as received when one came. */
export interface LedgerFailure {
  message: string;
  /** The answer's status and text (an unreadable ledger); kept in the audit log too. */
  raw?: RawAnswer;
}

export function ledgerFailureOf(error: UpstreamError): LedgerFailure {
  if (error.kind !== "malformed") return { message: error.cashierMessage };
  return {
    message: `the core service's ledger could not be read (${error.detail ?? "not the expected shape"}), so nothing of it was kept.`,
    ...(error.raw ? { raw: error.raw } : {}),
  };
}

/**
 * The ledger of `day`: yesterday is asked of the core service afresh (and kept); when it
 * cannot answer, or for older days, the kept copy, with why the fresh one failed. Null when
 * nothing was kept for that day. An unreadable answer is audited with its text.
 */
export async function ledgerOfDay(
  day: string,
  now: Date = new Date(),
): Promise<{ ledger: Ledger; source: LedgerSource; failure?: LedgerFailure } | null> {
  if (day === saYesterday(now)) {
    try {
      const ledger = await fetchLedger();
      await keepLedger(ledger);
      return { ledger, source: { from: "core service" } };
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      const failure = ledgerFailureOf(error);
      if (failure.raw)
        await audit({ role: "system" }, "ledger_unreadable", day, {
          problem: error.detail ?? null,
          status: failure.raw.status,
          body: failure.raw.body,
        });
      const kept = await keptLedgerOf(day);
      if (kept)
        return {
          ledger: kept.ledger,
          source: { from: "kept", fetchedAt: kept.fetchedAt },
          failure,
        };
      throw error;
    }
  }
  const kept = await keptLedgerOf(day);
  return kept ? { ledger: kept.ledger, source: { from: "kept", fetchedAt: kept.fetchedAt } } : null;
}
