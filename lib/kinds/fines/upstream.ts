import "server-only";
import type { Cents } from "@/lib/money";
import {
  decodeFines,
  callUpstream,
  type CallOptions,
  type OperationName,
  cents,
  centsOrNull,
  toWireRands,
} from "@/lib/upstream";
import {
  fineQueryWire,
  markPaidWire,
  validatePaymentWire,
  type FineQueryWire,
  type InfringementWire,
} from "@/lib/kinds/fines/wire";

export interface Fine {
  noticeNumber: string;
  vehicleRegistration: string | null;
  offence: string | null;
  classification: string | null;
  demeritPoints: number | null;
  /** `YYYY-MM-DD` and `hh:mm:ss` as the registry records them (local time). */
  offenceDate: string | null;
  offenceTime: string | null;
  place: { street: string | null; suburb: string | null; town: string | null };
  authority: { code: string | null; name: string | null };
  netCents: Cents;
  vendorFeeCents: Cents;
  /** What the customer pays for this fine, and what mark-paid must send. */
  grossCents: Cents;
  isPaid: boolean;
  /** The registry's status when it is sent (10 court case, 13 partly paid), else null. */
  registryStatus: number | null;
}

export interface FineLookup {
  /** The ID number, business registration number or notice number looked up. */
  lookedUp: string;
  hasFinesToPay: boolean;
  /** Totals over the outstanding fines. */
  netCents: Cents;
  vendorFeeCents: Cents;
  grossCents: Cents;
  fines: Fine[];
}

function toFine(f: InfringementWire): Fine {
  return {
    noticeNumber: f.noticeNumber,
    vehicleRegistration: f.vehicleLicenseNumber ?? null,
    offence: f.charge?.description ?? null,
    classification: f.charge?.classification ?? null,
    demeritPoints: f.charge?.demeritPoints ?? null,
    offenceDate: f.date ?? null,
    offenceTime: f.time ?? null,
    place: {
      street: f.location?.streetName ?? null,
      suburb: f.location?.suburb ?? null,
      town: f.location?.cityTown ?? null,
    },
    authority: {
      code: f.location?.issAuthority?.code ?? null,
      name: f.location?.issAuthority?.description ?? null,
    },
    netCents: cents(f.netFineAmnt),
    vendorFeeCents: cents(f.vendorFeeAmnt),
    grossCents: cents(f.grossAmnt),
    isPaid: f.isPaid,
    registryStatus: f.status ?? null,
  };
}

function toLookup(r: FineQueryWire, lookedUp: string): FineLookup {
  return {
    lookedUp: r.idNumber ?? r.noticeNumber ?? lookedUp,
    hasFinesToPay: r.hasFinesToPay,
    netCents: centsOrNull(r.netFinesAmnt) ?? 0,
    vendorFeeCents: centsOrNull(r.vendorFeeAmnt) ?? 0,
    grossCents: centsOrNull(r.grossAmnt) ?? 0,
    fines: (r.infringements ?? []).map(toFine),
  };
}

function lookUp(
  operation: OperationName,
  body: Record<string, string>,
  lookedUp: string,
  options?: CallOptions,
): Promise<FineLookup> {
  return callUpstream({
    operation,
    body,
    options,
    decode: (answer) => toLookup(decodeFines(operation, answer, fineQueryWire).result, lookedUp),
  });
}

export function findFinesByIdNumber(idNumber: string, options?: CallOptions): Promise<FineLookup> {
  return lookUp("fines.viewByIdNumber", { idNumber }, idNumber, options);
}

/** A business registration number, `YYYY/NNNNNN/NN`. */
export function findFinesByRegistration(
  registrationNumber: string,
  options?: CallOptions,
): Promise<FineLookup> {
  return lookUp(
    "fines.viewByBusinessRegistration",
    { registrationNumber },
    registrationNumber,
    options,
  );
}

export function findFinesByNotice(
  noticeNumber: string,
  options?: CallOptions,
): Promise<FineLookup> {
  return lookUp("fines.viewByNoticeNumber", { noticeNumber }, noticeNumber, options);
}

export type FinePaymentType = "CARD" | "CASH";

export interface FinePaymentInput {
  /** Kassa's reference for the sale, echoed back by the registry. */
  paymentReference: string;
  paymentType: FinePaymentType;
  /** Each fine with its gross amount (the spec requires the fine's `grossAmnt`). */
  fines: { noticeNumber: string; amountCents: Cents }[];
}

function paymentBody(input: FinePaymentInput) {
  return {
    paymentReference: input.paymentReference,
    paymentType: input.paymentType,
    finesPaid: input.fines.map((f) => ({
      noticeNumber: f.noticeNumber,
      amount: toWireRands(f.amountCents),
      currency: "ZAR",
    })),
  };
}

export interface FinePaymentCheck {
  reference: string | null;
  proposedCents: Cents | null;
  /** The amount the registry expects. */
  correctCents: Cents;
  /** Proposed minus correct; negative when the customer would pay too little. */
  differenceCents: Cents;
  isCorrect: boolean;
}

export async function validateFinePayment(
  input: FinePaymentInput,
  options?: CallOptions,
): Promise<FinePaymentCheck> {
  const operation = "fines.validateMarkAsPaid";
  return callUpstream({
    operation,
    body: paymentBody(input),
    options,
    decode: (answer) => {
      const { result, reference, amntProposed } = decodeFines(
        operation,
        answer,
        validatePaymentWire,
      );
      return {
        reference,
        proposedCents: centsOrNull(amntProposed),
        correctCents: cents(result.amntToPay),
        differenceCents: cents(result.difference),
        isCorrect: result.isCorrectAmount,
      };
    },
  });
}

export interface PaidFine {
  noticeNumber: string;
  /** The registry's invoice and receipt numbers: the customer's proof. */
  invoiceNumber: string | null;
  receiptNumber: string | null;
  grossCents: Cents | null;
  netCents: Cents | null;
  vendorFeeCents: Cents | null;
}

export interface FinesPaid {
  reference: string | null;
  /** The platform's order id for the whole payment. */
  orderId: string;
  grossCents: Cents;
  netCents: Cents | null;
  vendorFeeCents: Cents | null;
  merchantFeeCents: Cents | null;
  fines: PaidFine[];
}

/** Clears fines with the registry. Never repeated automatically: a second call could be invoiced twice. */
export async function markFinesPaid(
  input: FinePaymentInput,
  options?: CallOptions,
): Promise<FinesPaid> {
  const operation = "fines.markAsPaid";
  return callUpstream({
    operation,
    body: paymentBody(input),
    options,
    decode: (answer) => {
      const { result, reference } = decodeFines(operation, answer, markPaidWire);
      return {
        reference,
        orderId: result.orderId,
        grossCents: cents(result.grossAmntPaid),
        netCents: centsOrNull(result.netFinesAmntPaid),
        vendorFeeCents: centsOrNull(result.vendorFeeAmntPaid),
        merchantFeeCents: centsOrNull(result.merchantFeePaid),
        fines: result.finesPaid.map((f) => ({
          noticeNumber: f.noticeNumber,
          invoiceNumber: f.invoiceNumber ?? null,
          receiptNumber: f.receiptNumber ?? null,
          grossCents: centsOrNull(f.grossAmntPaid),
          netCents: centsOrNull(f.netFinesAmntPaid),
          vendorFeeCents: centsOrNull(f.vendorFeeAmntPaid),
        })),
      };
    },
  });
}
