import "server-only";
import type { Cents } from "@/lib/money";
import {
  decodeConfirmed,
  decodeStandard,
  upstreamFailure,
  confirmCustomerWire,
  purchaseResultWire,
  voucherTokenWire,
  type WireAnswer,
  callUpstream,
  type CallOptions,
  callPurchase,
  purchaseMessages,
  orderSlipTokens,
  tokensFromPrintable,
  cents,
  centsOrNull,
  dateFromMs,
} from "@/lib/upstream";
import type { Municipality, PaymentMethod, PrepaidMunicipality } from "@/lib/municipalities";
import type { SlipToken } from "@/lib/slip/tokens";

export interface MeterDetails {
  sgc: number | null;
  krn: number | null;
  /** Tariff index (the spec's `tarrifIndex` / `ti`). */
  ti: number | null;
}

export interface MeterCustomer {
  meterNumber: string;
  municipality: Municipality;
  /** The owner's surname as the municipality holds it. */
  name: string;
  firstName: string | null;
  phone: string | null;
  email: string | null;
  minCents: Cents | null;
  maxCents: Cents | null;
  meter: MeterDetails;
  keyExpiryNumber: number | null;
  tokenTechnology: number | null;
  /** A printable slip some municipalities return on confirm. */
  printableText: string | null;
  /** Owed on the meter and taken from a purchase first; null when the municipality does not say. */
  arrearsCents: Cents | null;
  fixedChargesCents: Cents | null;
  /** This month's free basic electricity is still to collect; null when not said. */
  fbeDue: boolean | null;
}

export interface Charge {
  description: string;
  amountCents: Cents;
  outstandingCents: Cents | null;
}

export interface ElectricityVend {
  meterNumber: string;
  municipality: Municipality;
  customerName: string;
  tokens: SlipToken[];
  /** Credit units vended, kWh. */
  units: number | null;
  amountCents: Cents;
  /** What bought electricity, VAT included (the spec's `elecamt`). */
  electricityCents: Cents | null;
  vatCents: Cents | null;
  /** Arrears, fixed charges and any other deduction from the tendered amount. */
  charges: Charge[];
  /** Every line of the split as the upstream gave it (Electricity, Arrears, VAT, ...), for the slip. */
  breakdown: Charge[];
  meter: MeterDetails;
  receiptNumber: string | null;
  at: Date;
  /** The upstream's full printable receipt, when it gives one. */
  receiptText: string | null;
  /** True when no token could be read apart and the slip prints `receiptText` as it came. */
  printedAsIs: boolean;
  /** The utility that issues the tax invoice for the electricity (`voucher.receiver`), and its VAT number. */
  utilityName: string | null;
  utilityVatNumber: string | null;
  /** What the utility tells the customer: details.message, voucher.message, receiptdesc (in that order, no repeats). */
  messages: string[];
  keyExpiryNumber: number | null;
}

export async function confirmMeter(
  input: { meterNumber: string; municipality: PrepaidMunicipality },
  options?: CallOptions,
): Promise<MeterCustomer> {
  const operation = "electricity.confirmCustomer";
  return callUpstream({
    operation,
    body: { meterNumber: input.meterNumber, municipality: input.municipality },
    options,
    decode: (answer) => {
      const c = decodeConfirmed(operation, answer, confirmCustomerWire, { subject: "meter" });
      const p = c.provider_specific ?? {};
      return {
        meterNumber: c.meter_number,
        municipality: input.municipality,
        name: c.name ?? p.name ?? "",
        firstName: p.firstName ?? null,
        phone: c.phone_number ?? null,
        email: c.email ?? null,
        // minLimit/maxLimit are whole rands on the wire.
        minCents: centsOrNull(p.minLimit),
        maxCents: centsOrNull(p.maxLimit),
        meter: { sgc: p.sgc ?? null, krn: p.krn ?? null, ti: p.tarrifIndex ?? null },
        keyExpiryNumber: p.keyExpiryNumber ?? null,
        tokenTechnology: p.tokenTechnology ?? null,
        printableText: p.token ?? null,
        arrearsCents: centsOrNull(p.arrears),
        fixedChargesCents: centsOrNull(p.fixedCharges),
        fbeDue: p.fbeDue ?? null,
      };
    },
  });
}

export interface VendInput {
  meterNumber: string;
  municipality: PrepaidMunicipality;
  amountCents: Cents;
  method: PaymentMethod;
  /** The sale's key: repeating the purchase with it never vends twice. */
  idempotencyKey: string;
  /** The meter's limits from confirm, so a refusal can name them. */
  limits?: { minCents: Cents | null; maxCents: Cents | null };
}

/** Lines of the split that are not deductions: what bought electricity, and the tax on it all. */
const NOT_CHARGES = new Set(["electricity", "vat"]);

export async function vendElectricity(
  input: VendInput,
  options?: CallOptions,
): Promise<ElectricityVend> {
  return callPurchase({
    operation: "electricity.purchase",
    number: input.meterNumber,
    municipality: input.municipality,
    amountCents: input.amountCents,
    method: input.method,
    idempotencyKey: input.idempotencyKey,
    options,
    decode: (answer) => decodeVend(answer, input),
  });
}

/**
 * The tokens, strictly: the list in `details.voucher.token` when there is one, else
 * the 20-digit groups of the printable `token` text. A token that does not read as
 * 20 digits makes the answer unusable (outcome unknown), never a silently shorter slip.
 */
function readTokens(
  r: ReturnType<typeof purchaseResultWire.parse>,
  status: number,
): { tokens: SlipToken[]; printedAsIs: boolean } {
  const operation = "electricity.purchase";
  const listed = r.details?.voucher?.token ?? [];
  if (listed.length > 0) {
    const items = listed.map((item) => voucherTokenWire.safeParse(item));
    const bad = items.findIndex((i) => !i.success);
    if (bad >= 0)
      throw upstreamFailure(operation, "malformed", {
        status,
        detail: `token ${bad + 1} unreadable`,
      });
    return {
      tokens: orderSlipTokens(items.flatMap((i) => (i.success ? [i.data] : []))),
      printedAsIs: false,
    };
  }
  const printable = r.token ?? "";
  const tokens = printable ? tokensFromPrintable(printable) : [];
  // No group of 20 digits: the upstream's own text is printed as it came (a token the customer can read beats none).
  return { tokens, printedAsIs: tokens.length === 0 && printable.trim().length > 0 };
}

function decodeVend(answer: WireAnswer, input: VendInput): ElectricityVend {
  const operation = "electricity.purchase";
  const r = decodeStandard(operation, answer, purchaseResultWire, {
    subject: "meter",
    limits: input.limits,
  });
  const voucher = r.details?.voucher;
  const { tokens, printedAsIs } = readTokens(r, answer.status);
  if (tokens.length === 0 && !printedAsIs)
    throw upstreamFailure(operation, "malformed", {
      status: answer.status,
      detail: "no tokens in the vend",
    });
  // Announced more than it printed: the customer would go home short; a supervisor settles it.
  const announced = r.tokenCount ?? null;
  if (announced !== null && tokens.length < announced) {
    throw upstreamFailure(operation, "malformed", {
      status: answer.status,
      outcomeKnown: false,
      reason: "tokens_incomplete",
      cashierMessage: `Tokens incomplete: the core service announced ${announced} and sent ${tokens.length}.`,
      detail: `tokenCount ${announced}, tokens ${tokens.length}`,
    });
  }
  const breakdown = (voucher?.amounts ?? []).map((l) => ({
    description: l.desc,
    amountCents: cents(l.amt),
    outstandingCents: centsOrNull(l.outstanding),
  }));
  const vatLine = breakdown.find((l) => l.description.trim().toLowerCase() === "vat");
  const trVat = r.details?.trDetails?.vat;
  const vatNo = voucher?.vatno?.trim();
  return {
    meterNumber: r.meter ?? input.meterNumber,
    municipality: input.municipality,
    customerName: r.name ?? voucher?.name ?? "",
    tokens,
    units: r.units ?? voucher?.units ?? null,
    amountCents: r.amount == null ? input.amountCents : cents(r.amount),
    electricityCents: centsOrNull(voucher?.elecamt),
    vatCents: trVat != null ? cents(trVat) : (vatLine?.amountCents ?? null),
    charges: breakdown.filter((l) => !NOT_CHARGES.has(l.description.trim().toLowerCase())),
    breakdown,
    meter: {
      sgc: r.meterDetails?.sgc ?? null,
      krn: r.meterDetails?.krn ?? null,
      ti: r.meterDetails?.ti ?? null,
    },
    receiptNumber: voucher?.receiptno ?? r.details?.refno ?? null,
    at: r.timestamp == null ? new Date() : dateFromMs(r.timestamp),
    receiptText: r.token ?? null,
    printedAsIs,
    utilityName: voucher?.receiver?.trim() || null,
    // 0 is how some gateways say "none".
    utilityVatNumber: vatNo && /[1-9]/.test(vatNo) ? vatNo : null,
    messages: purchaseMessages(r),
    keyExpiryNumber: r.meterDetails?.ken ?? null,
  };
}
