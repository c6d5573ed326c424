import { describe, expect, it } from "vitest";
import {
  QUOTE_LIFETIME_MS,
  readQuote,
  signQuote,
  type SignedQuote,
} from "@/lib/kinds/vas/quote-token";
import { groupPin, vasSaleReference } from "@/lib/kinds/vas/sale-data";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const quote: SignedQuote = {
  quoteId: "Q12",
  productId: "GOOGLEPLAY-100",
  amountCents: 10_000,
  fees: [{ description: "Service fee", amountCents: 250 }],
  totalCents: 10_250,
  mobileNumber: null,
  userId: "user-1",
  issuedAt: 1_700_000_000_000,
};

describe("signed quotes", () => {
  it("reads back what was signed, for the same cashier, within its lifetime", () => {
    expect(readQuote(signQuote(quote, secret), secret, "user-1", quote.issuedAt + 1000)).toEqual({
      ok: true,
      quote,
    });
  });

  it("refuses a quote whose total was changed in the browser", () => {
    const [body, mac] = signQuote(quote, secret).split(".");
    const tampered = Buffer.from(JSON.stringify({ ...quote, totalCents: 1 })).toString("base64url");
    expect(body).not.toBe(tampered);
    expect(readQuote(`${tampered}.${mac}`, secret, "user-1", quote.issuedAt)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses another secret, another cashier and garbage", () => {
    const token = signQuote(quote, secret);
    expect(readQuote(token, `${secret}x`, "user-1", quote.issuedAt).ok).toBe(false);
    expect(readQuote(token, secret, "user-2", quote.issuedAt).ok).toBe(false);
    expect(readQuote("not-a-token", secret, "user-1", quote.issuedAt).ok).toBe(false);
  });

  it("expires after its lifetime", () => {
    const token = signQuote(quote, secret);
    expect(readQuote(token, secret, "user-1", quote.issuedAt + QUOTE_LIFETIME_MS).ok).toBe(true);
    expect(readQuote(token, secret, "user-1", quote.issuedAt + QUOTE_LIFETIME_MS + 1)).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});

describe("sale data helpers", () => {
  it("makes the journal reference from the product and the recipient", () => {
    expect(vasSaleReference("VOD-AIR-10", "27821234567")).toBe("VOD-AIR-10 27821234567");
    expect(vasSaleReference("GOOGLEPLAY-100", null)).toBe("GOOGLEPLAY-100");
  });

  it("groups a PIN in fours", () => {
    expect(groupPin("1234567890123456")).toBe("1234 5678 9012 3456");
    expect(groupPin("12345")).toBe("1234 5");
    expect(groupPin("AB-CD")).toBe("AB-CD");
  });
});
