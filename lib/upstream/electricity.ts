import "server-only";
import type { Cents } from "../money";
import { decodeStandard, upstreamFailure } from "./envelope";
import { confirmCustomerWire, purchaseResultWire } from "./electricity-wire";
import { callUpstream, type CallOptions } from "./http";
import { errorNoMessage } from "./messages";
import type { Municipality, PaymentMethod, PrepaidMunicipality } from "./municipalities";
import { orderSlipTokens, type SlipToken } from "./tokens";
import { cents, centsOrNull, dateFromMs, toWireRands } from "./wire-common";

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
      const result = decodeStandard(operation, answer, confirmCustomerWire, { subject: "meter" });
      // Kassa asked for errorNo 1001 on unknown meters, but `exists:false` means the same.
      if (!result.exists || !result.customer) {
        throw upstreamFailure(operation, "rejected", {
          status: answer.status,
          code: 1001,
          cashierMessage: errorNoMessage(1001, null),
        });
      }
      const c = result.customer;
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
  const operation = "electricity.purchase";
  const body = {
    meterNumber: input.meterNumber,
    municipality: input.municipality,
    amount: toWireRands(input.amountCents),
    method: input.method,
    idempotency: input.idempotencyKey,
  };
  return callUpstream({
    operation,
    body,
    idempotencyKey: input.idempotencyKey,
    options,
    decode: (answer) => {
      const r = decodeStandard(operation, answer, purchaseResultWire, {
        subject: "meter",
        limits: input.limits,
      });
      const voucher = r.details?.voucher;
      const tokens = orderSlipTokens(voucher?.token ?? []);
      // A vend without a token leaves the customer with nothing to enter: not a usable answer.
      if (tokens.length === 0)
        throw upstreamFailure(operation, "malformed", {
          status: answer.status,
          detail: "no tokens in the vend",
        });
      const breakdown = (voucher?.amounts ?? []).map((l) => ({
        description: l.desc,
        amountCents: cents(l.amt),
        outstandingCents: centsOrNull(l.outstanding),
      }));
      const vatLine = breakdown.find((l) => l.description.trim().toLowerCase() === "vat");
      return {
        meterNumber: r.meter,
        municipality: input.municipality,
        customerName: r.name ?? voucher?.name ?? "",
        tokens,
        units: r.units ?? voucher?.units ?? null,
        amountCents: cents(r.amount),
        electricityCents: centsOrNull(voucher?.elecamt),
        vatCents:
          r.details?.trDetails?.vat != null
            ? cents(r.details.trDetails.vat)
            : (vatLine?.amountCents ?? null),
        charges: breakdown.filter((l) => !NOT_CHARGES.has(l.description.trim().toLowerCase())),
        breakdown,
        meter: {
          sgc: r.meterDetails?.sgc ?? null,
          krn: r.meterDetails?.krn ?? null,
          ti: r.meterDetails?.ti ?? null,
        },
        receiptNumber: voucher?.receiptno ?? r.details?.refno ?? null,
        at: dateFromMs(r.timestamp),
        receiptText: r.token ?? null,
      };
    },
  });
}
