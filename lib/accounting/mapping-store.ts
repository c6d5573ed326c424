import "server-only";
import { eq } from "drizzle-orm";
import { audit, type Actor } from "@/lib/audit";
import { db } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { accountMappingSchema, DEFAULT_MAPPING, type AccountMapping } from "./mapping";

const KEY = "accountMapping";

/** The owner's account numbers, or Kassa's defaults until they are set. */
export async function accountMapping(): Promise<AccountMapping> {
  const database = await db();
  const [row] = await database.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = accountMappingSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_MAPPING;
}

export async function isMappingSet(): Promise<boolean> {
  const database = await db();
  const [row] = await database.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return row !== undefined;
}

export async function setAccountMapping(actor: Actor, mapping: AccountMapping): Promise<void> {
  const database = await db();
  const now = new Date();
  await database
    .insert(settings)
    .values({ key: KEY, value: mapping, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: mapping, updatedAt: now } });
  await audit(actor, "accounts_mapped", KEY, { ...mapping });
}
