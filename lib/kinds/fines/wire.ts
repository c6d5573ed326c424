import "server-only";
import { z } from "zod";
import { soft, wireInt, wireRands, wireSuccess, wireText } from "@/lib/upstream";

/**
 * Wire shapes of the traffic-fine endpoints (the spec's `Amnt` spellings kept). Notice,
 * order and registry numbers and the amounts charged are strict; descriptive fields
 * (charge, place, time) are tolerant: one of another type is dropped, not fatal.
 */

export const infringementWire = z.object({
  vehicleLicenseNumber: z.string().nullish().catch(null),
  noticeNumber: wireText,
  charge: z
    .object({
      classification: z.string().nullish().catch(null),
      demeritPoints: wireInt.nullish().catch(null),
      description: z.string().nullish().catch(null),
    })
    .nullish()
    .catch(null),
  date: z.string().nullish().catch(null),
  time: z.string().nullish().catch(null),
  location: z
    .object({
      cityTown: z.string().nullish().catch(null),
      streetName: z.string().nullish().catch(null),
      suburb: z.string().nullish().catch(null),
      issAuthority: z
        .object({
          code: z.string().nullish().catch(null),
          description: z.string().nullish().catch(null),
        })
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
  netFineAmnt: wireRands,
  vendorFeeAmnt: wireRands,
  grossAmnt: wireRands,
  isPaid: wireSuccess,
  /** The registry's status of the notice (10 court case, 13 partly paid). Not shown in the spec's record; read when sent. */
  status: soft("status", wireInt),
});

export const fineQueryWire = z.object({
  idNumber: z.string().nullish().catch(null),
  noticeNumber: z.string().nullish().catch(null),
  hasFinesToPay: wireSuccess,
  netFinesAmnt: wireRands.nullish().catch(null),
  vendorFeeAmnt: wireRands.nullish().catch(null),
  grossAmnt: wireRands.nullish().catch(null),
  infringements: z.array(infringementWire).nullish(),
});

export const validatePaymentWire = z.object({
  amntToPay: wireRands,
  difference: wireRands,
  isCorrectAmount: wireSuccess,
});

export const markPaidWire = z.object({
  orderId: wireText,
  grossAmntPaid: wireRands,
  netFinesAmntPaid: wireRands.nullish().catch(null),
  vendorFeeAmntPaid: wireRands.nullish().catch(null),
  merchantFeePaid: wireRands.nullish().catch(null),
  finesPaid: z.array(
    z.object({
      noticeNumber: wireText,
      invoiceNumber: wireText.nullish(),
      receiptNumber: wireText.nullish(),
      netFinesAmntPaid: wireRands.nullish().catch(null),
      vendorFeeAmntPaid: wireRands.nullish().catch(null),
      grossAmntPaid: wireRands.nullish().catch(null),
    }),
  ),
});

export type InfringementWire = z.infer<typeof infringementWire>;
export type FineQueryWire = z.infer<typeof fineQueryWire>;
