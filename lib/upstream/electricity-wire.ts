import "server-only";
import { z } from "zod";
import { wireInt, wireRands } from "./wire-common";

/** Wire shapes of the electricity (and bills) endpoints, spelled as the spec spells them. */

const providerSpecific = z.object({
  token: z.string().nullish(),
  name: z.string().nullish(),
  firstName: z.string().nullish(),
  pocName: z.string().nullish(),
  minLimit: wireRands.nullish(),
  maxLimit: wireRands.nullish(),
  tarrifIndex: wireInt.nullish(),
  sgc: wireInt.nullish(),
  krn: wireInt.nullish(),
  keyExpiryNumber: wireInt.nullish(),
  tokenTechnology: wireInt.nullish(),
  units: z.number().nullish(),
  /** Owed on the meter and paid off first by a purchase; FBE still to collect this month (not shown in the spec: read when sent). */
  arrears: wireRands.nullish(),
  fixedCharges: wireRands.nullish(),
  fbeDue: z.boolean().nullish(),
});

export const electricityCustomerWire = z.object({
  id: z.string().nullish(),
  meter_number: z.string(),
  meter_source: z.string().nullish(),
  name: z.string().nullish(),
  phone_number: z.string().nullish(),
  email: z.string().nullish(),
  provider_specific: providerSpecific.nullish(),
});

export const confirmCustomerWire = z.object({
  exists: z.boolean(),
  municipality: z.string().nullish(),
  customer: electricityCustomerWire.nullish(),
});

const voucherToken = z.object({
  token: z.string(),
  info: z.string().nullish(),
  type: z.string().nullish(),
});
const voucherAmount = z.object({
  desc: z.string(),
  amt: wireRands,
  outstanding: wireRands.nullish(),
});

const voucherWire = z.object({
  amounts: z.array(voucherAmount).nullish(),
  elecamt: wireRands.nullish(),
  receiptno: z.string().nullish(),
  receiptdesc: z.string().nullish(),
  name: z.string().nullish(),
  token: z.array(voucherToken).nullish(),
  units: z.number().nullish(),
  vatno: z.union([z.number(), z.string()]).nullish(),
});

const detailsWire = z.object({
  balance: wireRands.nullish(),
  refno: z.string().nullish(),
  message: z.string().nullish(),
  trDetails: z
    .object({ vat: wireRands.nullish(), no: z.string().nullish(), amt: wireRands.nullish() })
    .nullish(),
  voucher: voucherWire.nullish(),
});

export const purchaseResultWire = z.object({
  name: z.string().nullish(),
  amount: wireRands,
  meter: z.string(),
  date: z.string().nullish(),
  timestamp: z.number().int(),
  token: z.string().nullish(),
  tokenCount: z.number().int().nullish(),
  units: z.number().nullish(),
  receipt: z.string().nullish(),
  municipality: z.string().nullish(),
  mode: z.number().int().nullish(),
  details: detailsWire.nullish(),
  meterDetails: z
    .object({
      msno: z.string().nullish(),
      sgc: wireInt.nullish(),
      krn: wireInt.nullish(),
      ti: wireInt.nullish(),
    })
    .nullish(),
});

export type PurchaseResultWire = z.infer<typeof purchaseResultWire>;
export type VoucherTokenWire = z.infer<typeof voucherToken>;
