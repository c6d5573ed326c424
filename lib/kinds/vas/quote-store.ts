import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { vasQuotes } from "@/lib/db/schema";
import {
  QUOTE_LIFETIME_MS,
  readQuote,
  signQuote,
  signedQuoteSchema,
  type SignedQuote,
} from "@/lib/kinds/vas/quote-token";

/**
 * Kassa's own record of each VAS quote (a `vas_quotes` row in the journal, keyed by its id):
 * the purchase charges what this row says, never anything the browser sends back. The
 * browser holds only a signed token naming the row, so even someone who knows the signing
 * secret cannot change the amount. Several instances share the rows through the database.
 */
export async function rememberQuote(quote: SignedQuote): Promise<string> {
  const database = await db();
  const [row] = await database
    .insert(vasQuotes)
    .values({ userId: quote.userId, quote })
    .returning({ id: vasQuotes.id });
  // The token carries the row id as its quoteId so the purchase finds the row; the rest is for display only.
  return signQuote({ ...quote, quoteId: `kassa:${row!.id}` }, env().authSecret);
}

/** The recorded quote behind a token, for this cashier, while it is young enough. */
export async function recallQuote(
  token: string,
  userId: string,
  now = Date.now(),
): Promise<{ ok: true; quote: SignedQuote } | { ok: false; reason: "invalid" | "expired" }> {
  const read = readQuote(token, env().authSecret, userId, now);
  if (!read.ok) return read;
  const id = /^kassa:([0-9a-f-]{36})$/.exec(read.quote.quoteId ?? "")?.[1];
  if (!id) return { ok: false, reason: "invalid" };
  const database = await db();
  const [row] = await database
    .select()
    .from(vasQuotes)
    .where(and(eq(vasQuotes.id, id), eq(vasQuotes.userId, userId)))
    .limit(1);
  const recorded = row ? signedQuoteSchema.safeParse(row.quote) : null;
  if (!row || !recorded?.success) return { ok: false, reason: "invalid" };
  if (now - row.createdAt.getTime() > QUOTE_LIFETIME_MS) return { ok: false, reason: "expired" };
  return { ok: true, quote: recorded.data };
}
