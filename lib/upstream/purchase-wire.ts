import "server-only";
import { z } from "zod";
import { soft, wireInt, wireInt64, wireRands, wireText } from "@/lib/upstream/wire-common";

/**
 * Wire shapes of the electricity (and bills) endpoints, spelled as the spec spells them.
 * Two steps: what a sale cannot do without is parsed strictly in electricity.ts
 * (tokens, receipt numbers); every other field here is `soft`: one that does not
 * parse is dropped and logged, never fatal.
 */

/** "shape varies per municipality": read field by field, so one odd field stops nothing. */
const providerSpecific = z.object({
  token: soft("provider_specific.token", z.string()),
  name: soft("provider_specific.name", z.string()),
  firstName: soft("provider_specific.firstName", z.string()),
  pocName: soft("provider_specific.pocName", z.string()),
  minLimit: soft("provider_specific.minLimit", wireRands),
  maxLimit: soft("provider_specific.maxLimit", wireRands),
  tarrifIndex: soft("provider_specific.tarrifIndex", wireInt),
  sgc: soft("provider_specific.sgc", wireInt),
  krn: soft("provider_specific.krn", wireInt),
  keyExpiryNumber: soft("provider_specific.keyExpiryNumber", wireInt),
  tokenTechnology: soft("provider_specific.tokenTechnology", wireInt),
  units: soft("provider_specific.units", wireRands),
  /** Owed on the meter and paid off first by a purchase; FBE still to collect this month (not shown in the spec: read when sent). */
  arrears: soft("provider_specific.arrears", wireRands),
  fixedCharges: soft("provider_specific.fixedCharges", wireRands),
  fbeDue: soft("provider_specific.fbeDue", z.boolean()),
});

export const electricityCustomerWire = z.object({
  id: soft("customer.id", wireText),
  meter_number: wireText,
  meter_source: soft("customer.meter_source", z.string()),
  name: soft("customer.name", z.string()),
  phone_number: soft("customer.phone_number", z.string()),
  email: soft("customer.email", z.string()),
  provider_specific: soft("customer.provider_specific", providerSpecific),
});

export const confirmCustomerWire = z.object({
  exists: z.union([
    z.boolean(),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
  ]),
  municipality: soft("municipality", z.string()),
  customer: electricityCustomerWire.nullish(),
});

/** Strict: read in electricity.ts item by item, a token that does not parse is not dropped silently. */
export const voucherTokenWire = z.object({
  token: wireText,
  info: z.string().nullish().catch(null),
  type: z.string().nullish().catch(null),
  units: wireRands.nullish().catch(null),
});

const voucherAmount = z.object({
  desc: z.string(),
  amt: wireRands,
  outstanding: wireRands.nullish().catch(null),
});

const voucherWire = z.object({
  amounts: soft("voucher.amounts", z.array(voucherAmount)),
  elecamt: soft("voucher.elecamt", wireRands),
  message: soft("voucher.message", z.string()),
  receiptno: wireText.nullish(),
  receiptdesc: soft("voucher.receiptdesc", z.string()),
  receiver: soft("voucher.receiver", z.string()),
  name: soft("voucher.name", z.string()),
  token: z.array(z.unknown()).nullish(),
  units: soft("voucher.units", wireRands),
  vatno: soft("voucher.vatno", wireText),
});

const detailsWire = z.object({
  balance: soft("details.balance", wireRands),
  refno: wireText.nullish(),
  message: soft("details.message", z.string()),
  trDetails: soft(
    "details.trDetails",
    z.object({
      vat: soft("trDetails.vat", wireRands),
      no: soft("trDetails.no", wireText),
      amt: soft("trDetails.amt", wireRands),
    }),
  ),
  voucher: voucherWire.nullish(),
});

export const purchaseResultWire = z.object({
  name: soft("name", z.string()),
  amount: soft("amount", wireRands),
  meter: soft("meter", wireText),
  date: soft("date", z.string()),
  timestamp: soft("timestamp", wireInt64),
  token: z.string().nullish(),
  tokenCount: soft("tokenCount", wireInt),
  units: soft("units", wireRands),
  receipt: soft("receipt", z.string()),
  municipality: soft("municipality", z.string()),
  mode: soft("mode", wireInt),
  details: detailsWire.nullish(),
  meterDetails: soft(
    "meterDetails",
    z.object({
      msno: soft("meterDetails.msno", wireText),
      sgc: soft("meterDetails.sgc", wireInt),
      krn: soft("meterDetails.krn", wireInt),
      ti: soft("meterDetails.ti", wireInt),
      ken: soft("meterDetails.ken", wireInt),
    }),
  ),
});
