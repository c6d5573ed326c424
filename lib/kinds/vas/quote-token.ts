/**
 * A quote handed to the browser as a signed token, so that Purchase buys exactly what was
 * quoted (product, amount, recipient, total) without the server keeping quotes in memory:
 * several app instances may serve one till. The browser can read it but not change it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** The sandbox's quotes live five minutes; ours end a little earlier so an expired quote is caught here. */
export const QUOTE_LIFETIME_MS = 4 * 60_000;

export const signedQuoteSchema = z.object({
  quoteId: z.string().nullable(),
  productId: z.string(),
  amountCents: z.number().int().positive(),
  fees: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  totalCents: z.number().int().positive(),
  mobileNumber: z.string().nullable(),
  userId: z.string(),
  issuedAt: z.number().int(),
});
export type SignedQuote = z.infer<typeof signedQuoteSchema>;

function mac(body: string, secret: string): string {
  return createHmac("sha256", `kassa-vas-quote:${secret}`).update(body).digest("base64url");
}

export function signQuote(quote: SignedQuote, secret: string): string {
  const body = Buffer.from(JSON.stringify(quote)).toString("base64url");
  return `${body}.${mac(body, secret)}`;
}

/** The quote, or why it cannot be used: tampered, for someone else, or too old. */
export function readQuote(
  token: string,
  secret: string,
  userId: string,
  now = Date.now(),
): { ok: true; quote: SignedQuote } | { ok: false; reason: "invalid" | "expired" } {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "invalid" };
  let parsed: ReturnType<typeof signedQuoteSchema.safeParse>;
  try {
    parsed = signedQuoteSchema.safeParse(
      JSON.parse(Buffer.from(body, "base64url").toString("utf8")),
    );
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!parsed.success || parsed.data.userId !== userId) return { ok: false, reason: "invalid" };
  if (now - parsed.data.issuedAt > QUOTE_LIFETIME_MS || parsed.data.issuedAt > now + 60_000)
    return { ok: false, reason: "expired" };
  return { ok: true, quote: parsed.data };
}
