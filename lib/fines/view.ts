import type { Cents } from "../money";

/** One fine as the screens show it: a small view, never the registry's answer whole. */
export interface FineRow {
  noticeNumber: string;
  /** `YYYY-MM-DD` and `hh:mm:ss`, local (South African) time as the registry records it. */
  date: string | null;
  time: string | null;
  place: string;
  charge: string;
  demeritPoints: number | null;
  vehicle: string | null;
  netCents: Cents;
  vendorFeeCents: Cents;
  grossCents: Cents;
  isPaid: boolean;
  /** The registry's status when known (10 court case, 13 partly paid): see lib/fines/payability.ts. */
  registryStatus: number | null;
}

export interface FinesFound {
  fines: FineRow[];
  hasFinesToPay: boolean;
}

/** A completed fines sale's result as kept in the journal (what mark-paid answered). */
export interface FinesSaleResult {
  orderId: string;
  grossCents: Cents;
  netCents: Cents | null;
  vendorFeeCents: Cents | null;
  merchantFeeCents: Cents | null;
  fines: { noticeNumber: string; invoiceNumber: string | null; receiptNumber: string | null; grossCents: Cents | null; netCents: Cents | null; vendorFeeCents: Cents | null }[];
}

/** What a fines sale's request holds: the fines chosen and how they were found (no ID number in plain text). */
export interface FinesSaleRequest {
  lookup: { kind: "id" | "registration" | "notice"; shown: string };
  paymentType: "CASH" | "CARD";
  fines: { noticeNumber: string; grossCents: Cents; netCents: Cents; vendorFeeCents: Cents; charge: string; date: string | null }[];
}
