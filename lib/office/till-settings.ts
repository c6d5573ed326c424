import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { tills, type Till } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";

/** Every enrolled device, counter tills first, for the supervisor's paper and printing list. */
export async function listTills(): Promise<Till[]> {
  const database = await db();
  return database.select().from(tills).orderBy(tills.kind, asc(tills.name));
}

export async function findTill(id: string): Promise<Till | null> {
  const database = await db();
  const [row] = await database.select().from(tills).where(eq(tills.id, id)).limit(1);
  return row ?? null;
}

/** Paper width and auto-print of one till; audited with before and after. */
export async function saveTillSettings(
  actor: Actor,
  id: string,
  input: { paperWidthMm: "58" | "80"; autoPrint: boolean },
): Promise<Till | null> {
  const before = await findTill(id);
  if (!before) return null;
  const paperWidthMm = Number(input.paperWidthMm);
  const database = await db();
  const [after] = await database
    .update(tills)
    .set({ paperWidthMm, autoPrint: input.autoPrint })
    .where(eq(tills.id, id))
    .returning();
  await audit(actor, "setting_changed", `till:${id}`, {
    from: { paperWidthMm: before.paperWidthMm, autoPrint: before.autoPrint },
    to: { paperWidthMm, autoPrint: input.autoPrint },
  });
  return after ?? null;
}
