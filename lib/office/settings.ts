import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { audit, type Actor } from "@/lib/audit";
import type { Cents } from "@/lib/money";

const LOW_BALANCE_KEY = "lowBalanceCents";

/** The low-balance threshold: the supervisor's setting, else KASSA_LOW_BALANCE_RANDS. */
export async function lowBalanceThreshold(): Promise<{
  cents: Cents;
  source: "setting" | "environment";
}> {
  const database = await db();
  const [row] = await database
    .select()
    .from(settings)
    .where(eq(settings.key, LOW_BALANCE_KEY))
    .limit(1);
  const parsed = z.number().int().min(0).safeParse(row?.value);
  return parsed.success
    ? { cents: parsed.data, source: "setting" }
    : { cents: env().lowBalanceCents, source: "environment" };
}

export async function setLowBalanceThreshold(actor: Actor, cents: Cents): Promise<void> {
  const database = await db();
  const before = await lowBalanceThreshold();
  const now = new Date();
  await database
    .insert(settings)
    .values({ key: LOW_BALANCE_KEY, value: cents, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: cents, updatedAt: now } });
  await audit(actor, "setting_changed", LOW_BALANCE_KEY, { from: before.cents, to: cents });
}
