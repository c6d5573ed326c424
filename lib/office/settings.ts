import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { audit, type Actor } from "@/lib/audit";
import type { Cents } from "@/lib/money";

type Source = "setting" | "environment";

/** A supervisor's setting kept in the journal, else the environment's value for it. */
async function readSetting(
  key: string,
  schema: z.ZodType<number>,
  fallback: number,
): Promise<{ value: number; source: Source }> {
  const database = await db();
  const [row] = await database.select().from(settings).where(eq(settings.key, key)).limit(1);
  const parsed = schema.safeParse(row?.value);
  return parsed.success
    ? { value: parsed.data, source: "setting" }
    : { value: fallback, source: "environment" };
}

/** The supervisor's new value, audited with the one it replaces. */
async function writeSetting(actor: Actor, key: string, value: number, before: number) {
  const database = await db();
  const now = new Date();
  await database
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  await audit(actor, "setting_changed", key, { from: before, to: value });
}

const LOW_BALANCE_KEY = "lowBalanceCents";

/** The low-balance threshold: the supervisor's setting, else KASSA_LOW_BALANCE_RANDS. */
export async function lowBalanceThreshold(): Promise<{ cents: Cents; source: Source }> {
  const { value, source } = await readSetting(
    LOW_BALANCE_KEY,
    z.number().int().min(0),
    env().lowBalanceCents,
  );
  return { cents: value, source };
}

export async function setLowBalanceThreshold(actor: Actor, cents: Cents): Promise<void> {
  const before = await lowBalanceThreshold();
  await writeSetting(actor, LOW_BALANCE_KEY, cents, before.cents);
}

const RUNWAY_WARN_KEY = "runwayWarnHours";

/** Warn when the float's runway is shorter than this: the supervisor's setting, else KASSA_RUNWAY_WARN_HOURS. */
export async function runwayWarnHours(): Promise<{ hours: number; source: Source }> {
  const { value, source } = await readSetting(
    RUNWAY_WARN_KEY,
    z.number().min(0),
    env().runwayWarnHours,
  );
  return { hours: value, source };
}

export async function setRunwayWarnHours(actor: Actor, hours: number): Promise<void> {
  const before = await runwayWarnHours();
  await writeSetting(actor, RUNWAY_WARN_KEY, hours, before.hours);
}
