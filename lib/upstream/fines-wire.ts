import "server-only";
import { z } from "zod";
import { wireInt, wireRands } from "./wire-common";

/** Wire shapes of the traffic-fine endpoints (the spec's `Amnt` spellings kept). */

export const infringementWire = z.object({
  vehicleLicenseNumber: z.string().nullish(),
  noticeNumber: z.string(),
  charge: z
    .object({
      classification: z.string().nullish(),
      demeritPoints: wireInt.nullish(),
      description: z.string().nullish(),
    })
    .nullish(),
  date: z.string().nullish(),
  time: z.string().nullish(),
  location: z
    .object({
      cityTown: z.string().nullish(),
      streetName: z.string().nullish(),
      suburb: z.string().nullish(),
      issAuthority: z
        .object({ code: z.string().nullish(), description: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
  netFineAmnt: wireRands,
  vendorFeeAmnt: wireRands,
  grossAmnt: wireRands,
  isPaid: z.boolean(),
  /** The registry's status of the notice (10 court case, 13 partly paid). Not shown in the spec's record; read when sent. */
  status: wireInt.nullish(),
});

export const fineQueryWire = z.object({
  idNumber: z.string().nullish(),
  noticeNumber: z.string().nullish(),
  hasFinesToPay: z.boolean(),
  netFinesAmnt: wireRands.nullish(),
  vendorFeeAmnt: wireRands.nullish(),
  grossAmnt: wireRands.nullish(),
  infringements: z.array(infringementWire).nullish(),
});

export const validatePaymentWire = z.object({
  amntToPay: wireRands,
  difference: wireRands,
  isCorrectAmount: z.boolean(),
});

export const markPaidWire = z.object({
  orderId: z.string(),
  grossAmntPaid: wireRands,
  netFinesAmntPaid: wireRands.nullish(),
  vendorFeeAmntPaid: wireRands.nullish(),
  merchantFeePaid: wireRands.nullish(),
  finesPaid: z.array(
    z.object({
      noticeNumber: z.string(),
      invoiceNumber: z.string().nullish(),
      receiptNumber: z.string().nullish(),
      netFinesAmntPaid: wireRands.nullish(),
      vendorFeeAmntPaid: wireRands.nullish(),
      grossAmntPaid: wireRands.nullish(),
    }),
  ),
});

export type InfringementWire = z.infer<typeof infringementWire>;
export type FineQueryWire = z.infer<typeof fineQueryWire>;
