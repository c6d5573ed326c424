import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales } from "@/lib/db/schema";
import { MUNICIPAL_KINDS } from "@/lib/kinds/meta";

/**
 * The municipality a meter or account number was last sold for at this till, from the
 * journal: a scanned number the till has seen before confirms without asking.
 */
export async function municipalityInJournal(
  tillId: string,
  number: string,
): Promise<string | null> {
  const database = await db();
  const [row] = await database
    .select({ municipality: sql<string | null>`${sales.request}->>'municipality'` })
    .from(sales)
    .where(
      and(
        eq(sales.tillId, tillId),
        eq(sales.reference, number),
        inArray(sales.kind, MUNICIPAL_KINDS),
      ),
    )
    .orderBy(desc(sales.createdAt))
    .limit(1);
  return row?.municipality ?? null;
}
