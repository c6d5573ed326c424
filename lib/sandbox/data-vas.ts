/** The VAS catalogue. Amounts in cents here; the wire gets rands. */
export type VasCategory = "airtime" | "data" | "lotto" | "voucher";

export interface VasProduct {
  id: string;
  name: string;
  category: VasCategory;
  provider: string;
  description: string;
  /** Fixed price, or null for an open-value product. */
  amountCents: number | null;
  minCents: number | null;
  maxCents: number | null;
  reference: string[];
  /** Service fee the customer pays on top, cents. */
  feeCents: number;
}

/**
 * A product at a fixed price in rands, or open-value (`{ min, max }` rands), with the reference
 * the core service files it under.
 */
const product = (
  id: string,
  name: string,
  category: VasCategory,
  provider: string,
  description: string,
  price: number | { min: number; max: number },
  feeCents = 0,
): VasProduct => ({
  id,
  name,
  category,
  provider,
  description,
  ...(typeof price === "number"
    ? { amountCents: price * 100, minCents: null, maxCents: null }
    : { amountCents: null, minCents: price.min * 100, maxCents: price.max * 100 }),
  reference: [
    provider.toUpperCase().replace(/\s+/g, ""),
    category.toUpperCase(),
    id,
    ...(typeof price === "number" ? [] : ["OPEN"]),
  ],
  feeCents,
});

export const VAS_PRODUCTS: readonly VasProduct[] = [
  product("VOD-AIR-10", "Vodacom airtime R10", "airtime", "Vodacom", "R10 prepaid airtime", 10),
  product("VOD-AIR-29", "Vodacom airtime R29", "airtime", "Vodacom", "R29 prepaid airtime", 29),
  product("VOD-AIR-55", "Vodacom airtime R55", "airtime", "Vodacom", "R55 prepaid airtime", 55),
  product(
    "VOD-AIR-OPEN",
    "Vodacom airtime (any amount)",
    "airtime",
    "Vodacom",
    "Prepaid airtime, R2 to R1 000",
    { min: 2, max: 1000 },
  ),
  product(
    "VOD-DATA-1GB",
    "Vodacom 1 GB data (30 days)",
    "data",
    "Vodacom",
    "1 GB once-off bundle valid 30 days",
    99,
  ),
  product("MTN-AIR-15", "MTN airtime R15", "airtime", "MTN", "R15 prepaid airtime", 15),
  product("MTN-AIR-30", "MTN airtime R30", "airtime", "MTN", "R30 prepaid airtime", 30),
  product(
    "MTN-AIR-OPEN",
    "MTN airtime (any amount)",
    "airtime",
    "MTN",
    "Prepaid airtime, R5 to R1 000",
    { min: 5, max: 1000 },
  ),
  product(
    "MTN-DATA-2GB",
    "MTN 2 GB data (30 days)",
    "data",
    "MTN",
    "2 GB once-off bundle valid 30 days",
    149,
  ),
  product(
    "CELLC-AIR-OPEN",
    "Cell C airtime (any amount)",
    "airtime",
    "Cell C",
    "Prepaid airtime, R5 to R500",
    { min: 5, max: 500 },
  ),
  product(
    "CELLC-DATA-500MB",
    "Cell C 500 MB data (30 days)",
    "data",
    "Cell C",
    "500 MB once-off bundle valid 30 days",
    49,
  ),
  product(
    "TELKOM-AIR-OPEN",
    "Telkom airtime (any amount)",
    "airtime",
    "Telkom",
    "Prepaid airtime, R5 to R500",
    { min: 5, max: 500 },
  ),
  product(
    "TELKOM-DATA-5GB",
    "Telkom 5 GB data (30 days)",
    "data",
    "Telkom",
    "5 GB once-off bundle valid 30 days",
    199,
  ),
  product(
    "LOTTO-QP",
    "Lotto quick pick (1 board)",
    "lotto",
    "Ithuba",
    "Lotto, one quick-pick board for the next draw",
    5,
    50,
  ),
  product(
    "POWERBALL-QP",
    "PowerBall quick pick (1 board)",
    "lotto",
    "Ithuba",
    "PowerBall, one quick-pick board for the next draw",
    5,
    50,
  ),
  product(
    "GOOGLEPLAY-100",
    "Google Play R100 gift card",
    "voucher",
    "Google Play",
    "R100 Google Play credit",
    100,
    250,
  ),
  product(
    "SHOWMAX-99",
    "Showmax 1 month",
    "voucher",
    "Showmax",
    "One month of Showmax Entertainment",
    99,
    250,
  ),
  product(
    "BETWAY-OPEN",
    "Betway voucher (any amount)",
    "voucher",
    "Betway",
    "Betting account voucher, R10 to R5 000",
    { min: 10, max: 5000 },
    250,
  ),
  product(
    "TAKEALOT-OPEN",
    "Takealot gift voucher",
    "voucher",
    "Takealot",
    "Takealot gift voucher, R50 to R2 000",
    { min: 50, max: 2000 },
    250,
  ),
];

export const QUOTE_TTL_MS = 5 * 60_000;
