import "server-only";
import { asc, eq, gte, min, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { balanceReadings, sales } from "@/lib/db/schema";
import { rememberMerchantBalance } from "@/lib/office/balance-cache";
import { checkBalance } from "@/lib/upstream";
import type { HourTotal } from "./forecast";

/** How often the server reads the merchant balance into its history. */
export const READING_EVERY_MS = 15 * 60_000;

/** Keep one reading of the merchant balance (the background schedule and the balance page). */
export async function keepReading(balanceCents: number, at = new Date()): Promise<void> {
  const database = await db();
  await database.insert(balanceReadings).values({ at, balanceCents });
}

/** The scheduled read: ask the core service, keep the reading, refresh the warnings' cache. */
export async function readBalanceOnSchedule(): Promise<void> {
  const balance = await checkBalance({}, { timeoutMs: 5000, maxAttempts: 2 });
  rememberMerchantBalance(balance.balanceCents);
  await keepReading(balance.balanceCents, balance.at);
}

export interface PaceHistory {
  hours: HourTotal[];
  /** Since when Kassa has records: its first sale or first reading, whichever came first. */
  since: Date | null;
}

/** Completed sales per clock hour over the last `weeks` weeks (what drew on the float). */
export async function paceHistory(now = new Date(), weeks = 5): Promise<PaceHistory> {
  const database = await db();
  const from = new Date(now.getTime() - weeks * 7 * 24 * 3_600_000);
  // Hours since 1970 (UTC): whole South African hours too, whatever the session's time zone.
  const hour = sql<number>`floor(extract(epoch from ${sales.createdAt}) / 3600)::int`;
  const [rows, [firstSale], [firstReading]] = await Promise.all([
    database
      .select({ hour, cents: sql<number>`sum(${sales.amountCents})::int` })
      .from(sales)
      .where(sql`${sales.status} = 'completed' and ${gte(sales.createdAt, from)}`)
      .groupBy(hour)
      .orderBy(asc(hour)),
    database
      .select({ at: min(sales.createdAt) })
      .from(sales)
      .where(eq(sales.status, "completed")),
    database.select({ at: min(balanceReadings.at) }).from(balanceReadings),
  ]);
  const firsts = [firstSale?.at, firstReading?.at]
    .filter((at): at is Date => at instanceof Date || typeof at === "string")
    .map((at) => new Date(at));
  return {
    hours: rows.map((row) => ({
      hourStart: new Date(Number(row.hour) * 3_600_000),
      cents: Number(row.cents),
    })),
    since: firsts.length ? new Date(Math.min(...firsts.map((d) => d.getTime()))) : null,
  };
}
