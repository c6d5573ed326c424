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

const fixed = (
  id: string,
  name: string,
  category: VasCategory,
  provider: string,
  description: string,
  rands: number,
  feeCents = 0,
): VasProduct => ({
  id,
  name,
  category,
  provider,
  description,
  amountCents: rands * 100,
  minCents: null,
  maxCents: null,
  reference: [provider.toUpperCase().replace(/\s+/g, ""), category.toUpperCase(), id],
  feeCents,
});

const open = (
  id: string,
  name: string,
  category: VasCategory,
  provider: string,
  description: string,
  min: number,
  max: number,
  feeCents = 0,
): VasProduct => ({
  id,
  name,
  category,
  provider,
  description,
  amountCents: null,
  minCents: min * 100,
  maxCents: max * 100,
  reference: [provider.toUpperCase().replace(/\s+/g, ""), category.toUpperCase(), id, "OPEN"],
  feeCents,
});

export const VAS_PRODUCTS: readonly VasProduct[] = [
  fixed("VOD-AIR-10", "Vodacom airtime R10", "airtime", "Vodacom", "R10 prepaid airtime", 10),
  fixed("VOD-AIR-29", "Vodacom airtime R29", "airtime", "Vodacom", "R29 prepaid airtime", 29),
  fixed("VOD-AIR-55", "Vodacom airtime R55", "airtime", "Vodacom", "R55 prepaid airtime", 55),
  open(
    "VOD-AIR-OPEN",
    "Vodacom airtime (any amount)",
    "airtime",
    "Vodacom",
    "Prepaid airtime, R2 to R1 000",
    2,
    1000,
  ),
  fixed(
    "VOD-DATA-1GB",
    "Vodacom 1 GB data (30 days)",
    "data",
    "Vodacom",
    "1 GB once-off bundle valid 30 days",
    99,
  ),
  fixed("MTN-AIR-15", "MTN airtime R15", "airtime", "MTN", "R15 prepaid airtime", 15),
  fixed("MTN-AIR-30", "MTN airtime R30", "airtime", "MTN", "R30 prepaid airtime", 30),
  open(
    "MTN-AIR-OPEN",
    "MTN airtime (any amount)",
    "airtime",
    "MTN",
    "Prepaid airtime, R5 to R1 000",
    5,
    1000,
  ),
  fixed(
    "MTN-DATA-2GB",
    "MTN 2 GB data (30 days)",
    "data",
    "MTN",
    "2 GB once-off bundle valid 30 days",
    149,
  ),
  open(
    "CELLC-AIR-OPEN",
    "Cell C airtime (any amount)",
    "airtime",
    "Cell C",
    "Prepaid airtime, R5 to R500",
    5,
    500,
  ),
  fixed(
    "CELLC-DATA-500MB",
    "Cell C 500 MB data (30 days)",
    "data",
    "Cell C",
    "500 MB once-off bundle valid 30 days",
    49,
  ),
  open(
    "TELKOM-AIR-OPEN",
    "Telkom airtime (any amount)",
    "airtime",
    "Telkom",
    "Prepaid airtime, R5 to R500",
    5,
    500,
  ),
  fixed(
    "TELKOM-DATA-5GB",
    "Telkom 5 GB data (30 days)",
    "data",
    "Telkom",
    "5 GB once-off bundle valid 30 days",
    199,
  ),
  fixed(
    "LOTTO-QP",
    "Lotto quick pick (1 board)",
    "lotto",
    "Ithuba",
    "Lotto, one quick-pick board for the next draw",
    5,
    50,
  ),
  fixed(
    "POWERBALL-QP",
    "PowerBall quick pick (1 board)",
    "lotto",
    "Ithuba",
    "PowerBall, one quick-pick board for the next draw",
    5,
    50,
  ),
  fixed(
    "GOOGLEPLAY-100",
    "Google Play R100 gift card",
    "voucher",
    "Google Play",
    "R100 Google Play credit",
    100,
    250,
  ),
  fixed(
    "SHOWMAX-99",
    "Showmax 1 month",
    "voucher",
    "Showmax",
    "One month of Showmax Entertainment",
    99,
    250,
  ),
  open(
    "BETWAY-OPEN",
    "Betway voucher (any amount)",
    "voucher",
    "Betway",
    "Betting account voucher, R10 to R5 000",
    10,
    5000,
    250,
  ),
  open(
    "TAKEALOT-OPEN",
    "Takealot gift voucher",
    "voucher",
    "Takealot",
    "Takealot gift voucher, R50 to R2 000",
    50,
    2000,
    250,
  ),
];

export const QUOTE_TTL_MS = 5 * 60_000;
